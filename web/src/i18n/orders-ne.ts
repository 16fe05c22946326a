// The Nepali texts of orders' substitutes, loaded with the pages of orders when Nepali is shown
// (loadOrderTexts).
import type { OrderMessages } from './index';
import { BS_MONTH_NAMES_NEPALI, type BSDate } from '../lib/contract';
import { adMonths, num, vatRate } from './ne';
import { toDevanagariDigits } from './digits';

/** adDay writes a day (YYYY-MM-DD) of the Gregorian calendar in Nepali: "१७ जुलाई २०२५". */
const adDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return `${num(d ?? 0)} ${adMonths[(m ?? 1) - 1] ?? ''} ${num(y ?? 0)}`;
};

/** clock shows the time of a moment in the browser's time zone with Devanagari digits: "१०:४२". */
const clock = (iso: string) => {
  const d = new Date(iso);
  return `${num(d.getHours()).padStart(2, '०')}:${num(d.getMinutes()).padStart(2, '०')}`;
};

/** ordersNe is the Nepali catalogue of orders' substitutes. */
export const ordersNe: OrderMessages = {
  substitute: {
    offerLabel: (ordered) => `${ordered} को सट्टा सामान`,
    offer: (ordered, what, amount) => `${ordered} थिएन। त्यसको सट्टा हामीले ${what} (${amount}) राखेका छौं।`,
    answerBy: (iso) => `${clock(iso)} सम्ममा जवाफ दिनुहोस्`,
    stays: 'जवाफ नदिए यो तपाईंको अर्डरमा रहन्छ।',
    keep: 'यो राख्छु',
    refuse: 'यो चाहिँदैन',
    sent: (what, amount) => `सट्टामा पठाइयो: ${what} — ${amount}`,
    refused: (what) => `सट्टामा पठाइएको ${what}: अस्वीकार गरियो — पैसा लाग्दैन`,
    insteadOf: (what, ordered) => `${ordered} को सट्टा ${what}`,
    instead: (what) => `सट्टामा ${what}`,
    answerFailed: 'तपाईंको जवाफ पठाउन सकिएन',
  },
  orderStep: {
    'Order Placed': 'अर्डर गरियो',
    Paid: 'भुक्तानी भयो',
    Packed: 'प्याक भयो',
    Assigned: 'राइडरलाई दिइयो',
    'Out for Delivery': 'डेलिभरीका लागि निस्कियो',
    Delivered: 'डेलिभर भयो',
    'Not Delivered': 'डेलिभर हुन सकेन',
    Cancelled: 'रद्द भयो',
    Refunded: 'पैसा फिर्ता भयो',
  },
  timeline: {
    title: 'अर्डरको समयरेखा',
    rider: (name: string) => `${name} तपाईंको अर्डर ल्याउँदै हुनुहुन्छ।`,
    call: (name: string) => `${name} लाई फोन गर्नुहोस्`,
    code: 'ढोकामा राइडरलाई यो कोड भन्नुहोस्:',
    codeLabel: 'हस्तान्तरण कोड',
    notes: { soldOut: 'बीचमै सकियो', unpaid: 'समयमै भुक्तानी भएन', noAnswer: 'कसैले उठाएन', refused: 'लिन मानेनन्', wrongAddress: 'गलत ठेगाना', storeCredit: 'पसल क्रेडिटबाट', replacement: 'बदलामा, निःशुल्क', atTheDoor: 'ढोकामै QR बाट' },
  },
  payQR: {
    title: (provider) => `${provider} बाट भुक्तानी`,
    amount: 'तिर्नुपर्ने रकम',
    scan: 'यो QR कोड आफ्नो बैंकको एप वा कुनै Fonepay वालेटले स्क्यान गरी भुक्तानी गर्नुहोस्।',
    exact: 'रकम आफैँ भरिन्छ: यो अर्डरको तिर्न बाँकी ठ्याक्कै रकम हो।',
    qrAlt: (amount) => `${amount} तिर्ने QR कोड`,
    waiting: 'तपाईंको भुक्तानी पर्खँदै। भुक्तानी पुष्टि भएपछि यो पृष्ठ आफैँ अगाडि बढ्छ; खुला राख्नुहोस्।',
    paid: 'भुक्तानी प्राप्त भयो',
    ended: 'यो भुक्तानी अब खुला छैन। फेरि भुक्तानी गर्न मेरा अर्डरहरूमा आफ्नो अर्डर हेर्नुहोस्।',
    superseded: 'तपाईंले यो अर्डरको नयाँ भुक्तानी सुरु गर्नुभयो। त्यही भुक्तानी गर्नुहोस्, वा आफ्ना अर्डरहरू हेर्नुहोस्।',
    otherWay: 'अर्को तरिकाले भुक्तानी',
    loadFailed: 'यो भुक्तानी लोड हुन सकेन',
  },
  claim: {
    report: 'समस्या जनाउनुहोस्',
    title: (n: string) => `अर्डर ${n} मा के ठीक थिएन?`,
    intro: 'सामान र हरेकमा के ठीक थिएन छान्नुहोस्। फोटोले निर्णय गर्न सजिलो हुन्छ।',
    howMany: (name: string, left: number) => `${name}: कति वटा (${num(left)} सम्म)`,
    reason: (name: string) => `${name} मा के ठीक थिएन`,
    reasons: { missing: 'आएन', damaged: 'बिग्रिएको', wrong: 'अर्कै सामान', quality: 'कमसल', return: 'फिर्ता गर्ने' },
    note: 'थप केही (ऐच्छिक)',
    photos: (n: number) => `फोटो (${num(n)} वटासम्म)`,
    send: 'पठाउनुहोस्',
    cancel: 'रद्द गर्नुहोस्',
    yours: 'तपाईंका गुनासा',
    replacement: 'बदलामा, निःशुल्क',
    open: (day: string) => `${day} भित्र निर्णय हुनेछ`,
    resolutions: { refund: 'रिफन्ड गरियो', credit: 'स्टोर क्रेडिटमा दिइयो', resend: 'बदलामा अर्को आउँदैछ', reject: 'स्वीकार भएन' },
  },
  invoice: {
    creditNote: 'क्रेडिट नोट',
    creditNoteNo: 'क्रेडिट नोट नं.',
    againstInvoice: 'बीजक',
    reason: 'कारण:',
    givenBack: 'जम्मा फिर्ता',
    creditNotes: 'क्रेडिट नोटहरू',
    creditNoteLink: (code: string, day: string) => `${code} · ${day}`,
    noCreditNote: (code: string) => `यो बीजकको ${code} क्रेडिट नोट छैन।`,
    delivered: (amount) => `डेलिभर भयो ${amount}`,
    title: 'कर बीजक',
    pan: 'प्यान/भ्याट नं.',
    number: 'बीजक नं.',
    fiscalYear: 'आर्थिक वर्ष',
    dateBs: 'मिति (वि.सं.)',
    dateAd: 'मिति (ई.सं.)',
    orderNo: 'अर्डर नं.',
    buyer: 'खरिदकर्ता',
    phone: 'फोन:',
    sn: 'क्र.सं.',
    item: 'सामान',
    quantity: 'परिमाण',
    unitPrice: 'दर',
    amount: 'रकम',
    subtotal: 'जम्मा',
    deliveryFee: 'डेलिभरी शुल्क',
    taxable: 'करयोग्य रकम (भ्याट बाहेक)',
    vat: `मूल्य अभिवृद्धि कर (${vatRate})`,
    exempt: 'भ्याट छुट रकम',
    exemptItem: 'भ्याट छुट',
    total: 'कुल रकम',
    print: 'प्रिन्ट गर्नुहोस्',
    backToOrders: 'अर्डरहरूमा फर्कनुहोस्',
    backToMyOrders: 'मेरा अर्डरहरूमा फर्कनुहोस्',
    bsDate: (d: BSDate) => `${num(d.year)} ${BS_MONTH_NAMES_NEPALI[d.month - 1]} ${num(d.day)}`,
    adDate: adDay,
    code: (code) => toDevanagariDigits(code),
    fiscal: (fy) => toDevanagariDigits(fy),
  },
  /** payment names where an order's payment stands, and its refunds: My Orders, paying by QR code and the seller's orders show them. */
  payment: {
    paid: 'भुक्तानी भयो',
    paidTest: 'भुक्तानी भयो (परीक्षण)',
    pending: 'भुक्तानी बाँकी',
    refundDue: 'रिफन्ड दिनुपर्ने',
    refundPending: 'रिफन्ड प्रक्रियामा',
    cancelledRefundPending: 'रद्द · रिफन्ड प्रक्रियामा',
    refunded: 'रिफन्ड भयो',
    testHint: 'परीक्षण भुक्तानी पृष्ठमा भुक्तानी गरिएको: कुनै पैसा आएको छैन। यो अर्डर नपठाउनुहोस्।',
    refundTo: (amount, provider, reference) => `${amount} · ${provider} · ${reference}`,
    refundThrough: (provider: string) => `${provider} मार्फत रिफन्ड गर्नुहोस्`,
    markRefunded: 'रिफन्ड भएको जनाउनुहोस्',
    providers: { stripe: 'कार्ड (Stripe)', esewa: 'eSewa', khalti: 'Khalti', fonepay: 'Fonepay', sandbox: 'परीक्षण भुक्तानी' },
  },
};
