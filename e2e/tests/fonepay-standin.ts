// A stand-in of Fonepay's merchant API for the browser tests: it answers the QR request and the
// status check with the bodies Fonepay documents, refuses a request whose dataValidation is wrong,
// and says "success" for a PRN once the test has paid it.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { freePort } from './helpers';

export const merchant = { code: 'fonepay123', secret: 'fonepay', username: 'bijayk', password: 'password' };
const qrPath = '/api/merchant/merchantDetailsForThirdParty/thirdPartyDynamicQrDownload';
const statusPath = '/api/merchant/merchantDetailsForThirdParty/thirdPartyDynamicQrGetStatus';

/** sign is Fonepay's dataValidation: HMAC-SHA512 of the comma-joined fields, in hex. */
const sign = (...fields: string[]) => createHmac('sha512', merchant.secret).update(fields.join(',')).digest('hex');

/** emv writes one field of an EMV QR's text: its id, its length in two digits, its value. */
const emv = (id: string, v: string) => `${id}${String(v.length).padStart(2, '0')}${v}`;

/** FonepayStandIn is the stand-in: the QRs made (PRN → amount) and the PRNs paid. */
export class FonepayStandIn {
  qrs = new Map<string, string>();
  paid = new Set<string>();
  server: Server;
  constructor() {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const b = JSON.parse(body || '{}') as Record<string, string>;
        const answer = (status: number, v: unknown) => {
          res.writeHead(status, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(v));
        };
        const refuse = (message: string) => answer(406, { documentation: 'Merchant request Exception', errorCode: 406, message });
        if (b.merchantCode !== merchant.code) return refuse('Invalid Merchant Code');
        if (b.username !== merchant.username || b.password !== merchant.password) return refuse('Invalid username');
        if (req.url === qrPath) {
          if (b.dataValidation !== sign(b.amount, b.prn, b.merchantCode, b.remarks1, b.remarks2)) return refuse('Data Validation Failed');
          if (this.qrs.has(b.prn)) return refuse('Duplicate PRN');
          this.qrs.set(b.prn, b.amount);
          const qrMessage =
            emv('00', '01') + emv('01', '12') + emv('26', emv('00', 'fonepay.com') + emv('01', b.merchantCode) + emv('02', b.prn)) +
            emv('52', '5411') + emv('53', '524') + emv('54', b.amount) + emv('58', 'NP') + emv('59', 'Fonepaytest') + emv('60', 'Kathmandu') + '6304d3f7';
          return answer(201, { message: 'successfull', qrMessage, status: 'CREATED', statusCode: 201, success: true, thirdpartyQrWebSocketUrl: '' });
        }
        if (req.url === statusPath) {
          if (b.dataValidation !== sign(b.prn, b.merchantCode)) return refuse('Data Validation Failed');
          if (!this.qrs.has(b.prn)) return refuse('Invalid PRN');
          return answer(200, { fonepayTraceId: 17404, merchantCode: b.merchantCode, paymentStatus: this.paid.has(b.prn) ? 'success' : 'pending', prn: b.prn });
        }
        answer(404, { message: 'Not found' });
      });
    });
  }
}


/** startFonepay starts a stand-in on a free port and answers it with the store's settings that point at it. */
export async function startFonepay(): Promise<{ fonepay: FonepayStandIn; env: Record<string, string> }> {
  const fonepay = new FonepayStandIn();
  const port = await freePort();
  await new Promise<void>((done) => fonepay.server.listen(port, '127.0.0.1', done));
  return {
    fonepay,
    env: {
      HAAT_CURRENCY: 'NPR',
      HAAT_FONEPAY_MERCHANT_CODE: merchant.code,
      HAAT_FONEPAY_SECRET: merchant.secret,
      HAAT_FONEPAY_USERNAME: merchant.username,
      HAAT_FONEPAY_PASSWORD: merchant.password,
      HAAT_FONEPAY_URL: `http://127.0.0.1:${port}/api`,
    },
  };
}
