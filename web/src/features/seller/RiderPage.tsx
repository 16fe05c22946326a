import { useState, type FormEvent } from 'react';
import { Link } from '../../lib/router';
import Logo from '../../components/Logo';
import LanguageSwitch from '../../components/LanguageSwitch';
import Spinner, { RowSkeleton } from '../../components/Spinner';
import TextField from '../../components/TextField';
import { t } from '../../i18n';
import { paths } from '../../lib/paths';
import { addressLines, telHref } from '../../lib/address';
import { useStoreConfig } from '../../lib/config';
import { orderSlotText } from '../../lib/slots';
import { useTitle } from '../../lib/useTitle';
import type { Delivery, FailedDelivery } from '../../lib/contract';
import { useSellerLanguage, useSellerLogout, useSellerSession } from '../seller-session';
import { useDeliveries, useDeliveryStep, useDoorQR, useDoorQRStatus } from './deliveries';
import QRImage from '../../components/QRImage';

const failedReasons: FailedDelivery[] = ['noAnswer', 'refused', 'wrongAddress'];
const button = 'min-h-12 rounded-lg px-4 font-medium disabled:opacity-60';
const primary = `${button} bg-green-700 text-white hover:bg-green-800`;
const secondary = `${button} border border-stone-300 bg-white text-slate-800 hover:bg-stone-100`;

/** RiderPage is a rider's phone screen: their deliveries of the day by slot, each with where, when, what to collect and its steps. */
export default function RiderPage() {
  useTitle(t.seller.rider.title);
  const { seller, checked } = useSellerSession();
  const keepLanguage = useSellerLanguage();
  const logout = useSellerLogout();
  if (!checked) return <Spinner label={t.loader} />;
  const rider = seller?.reach.includes('deliveries');
  return (
    <div className="min-h-screen bg-stone-50">
      <header className="flex items-center justify-between gap-2 border-b border-stone-200 bg-white px-4 py-3">
        <Logo />
        <div className="flex items-center gap-2">
          <LanguageSwitch keep={rider ? keepLanguage : null} />
          {seller && (
            <button type="button" onClick={() => logout.mutate()} className="min-h-11 rounded-full border border-stone-300 px-4 text-sm hover:bg-stone-100">
              {t.seller.logout}
            </button>
          )}
        </div>
      </header>
      <main className="mx-auto max-w-xl p-4">
        {rider ? (
          <Deliveries name={seller?.name ?? ''} />
        ) : (
          <div className="mt-8 rounded-2xl border border-stone-200 bg-white p-6 text-center">
            <p className="text-slate-700">{t.seller.rider.notRider}</p>
            <Link to={paths.seller.root} className={`${primary} mt-4 inline-flex items-center`}>
              {t.seller.rider.signIn}
            </Link>
          </div>
        )}
      </main>
    </div>
  );
}

/** Deliveries lists the rider's deliveries still to make, then those made today. */
function Deliveries({ name }: { name: string }) {
  const query = useDeliveries();
  const list = query.data ?? [];
  const open = list.filter((d) => d.status !== 'Delivered');
  const done = list.filter((d) => d.status === 'Delivered');
  return (
    <>
      <h1 className="text-xl font-semibold text-slate-900">{t.seller.rider.title}</h1>
      {name && <p className="text-sm text-slate-600">{t.seller.greetingStaff(name)}</p>}
      {query.isPending ? (
        <div className="mt-4 space-y-3" role="status" aria-label={t.loader}>
          <RowSkeleton tall />
        </div>
      ) : open.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-center text-slate-600" role="status">
          {t.seller.rider.none}
        </p>
      ) : (
        <ul className="mt-4 space-y-4">
          {open.map((d) => (
            <DeliveryCard key={d._id} delivery={d} />
          ))}
        </ul>
      )}
      {done.length > 0 && (
        <>
          <h2 className="mt-8 text-base font-semibold text-slate-900">{t.seller.rider.done}</h2>
          <ul className="mt-2 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white text-sm">
            {done.map((d) => (
              <li key={d._id} className="flex justify-between gap-3 p-3 [overflow-wrap:anywhere]">
                <span>
                  #{d.number} · {d.address.firstName} {d.address.lastName}
                </span>
                <span className="text-green-800">{t.orderStatus.Delivered}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** mapHref is a map search for the delivery's address, its landmark first. */
const mapHref = (d: Delivery) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent([d.address.landmark, ...addressLines(d.address, false)].filter(Boolean).join(', '))}`;

/** DeliveryCard is one delivery: slot, address, landmark, call and map, what to collect, and the steps the server allows now. */
function DeliveryCard({ delivery: d }: { delivery: Delivery }) {
  const { money } = useStoreConfig();
  const step = useDeliveryStep(d._id);
  const [mode, setMode] = useState<'' | 'photo' | 'failed'>('');
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const startQR = useDoorQR(d._id);
  const [showQR, setShowQR] = useState(false);
  const qr = useDoorQRStatus(d._id, showQR);
  const a = d.address;
  const deliverWithCode = (e: FormEvent) => {
    e.preventDefault();
    step.mutate({ kind: 'code', code }, { onSuccess: () => setCode('') });
  };
  const deliverWithPhoto = (e: FormEvent) => {
    e.preventDefault();
    if (photo) step.mutate({ kind: 'photo', photo, reason });
  };
  return (
    <li className="rounded-2xl border border-stone-200 bg-white p-4 text-sm text-slate-700 [overflow-wrap:anywhere]">
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold text-slate-900">
          #{d.number} · {d.slot ? orderSlotText(d.slot) : t.seller.rider.noSlot}
        </p>
        <p className="shrink-0 rounded-full bg-stone-100 px-3 py-1 text-xs">{t.orderStatus[d.status]}</p>
      </div>
      <address className="mt-2 not-italic">
        <span className="font-medium text-slate-900">
          {a.firstName} {a.lastName}
        </span>
        <br />
        {addressLines(a).join(', ')}
        {a.landmark && <span className="block font-medium text-slate-900">{t.address.landmarkShown(a.landmark)}</span>}
      </address>
      <p className="mt-2">{t.seller.rider.items(d.items)}</p>
      <p className={`mt-2 text-base font-semibold ${d.collect ? 'text-amber-800' : 'text-green-800'}`}>
        {d.collect ? t.seller.rider.collect(money(d.collect, d.currency)) : t.seller.rider.paidOnline}
      </p>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <a href={telHref(a.phone)} className={`${secondary} flex items-center justify-center`}>
          {t.seller.rider.call} {a.phone}
        </a>
        <a href={mapHref(d)} target="_blank" rel="noreferrer" className={`${secondary} flex items-center justify-center`}>
          {t.seller.rider.map}
        </a>
      </div>
      {d.canStart && (
        <button type="button" disabled={step.isPending} onClick={() => step.mutate({ kind: 'start' })} className={`${primary} mt-3 w-full`}>
          {t.seller.rider.start}
        </button>
      )}
      {showQR && qr.data && (
        <div className="mt-3 rounded-xl border border-stone-200 p-3 text-center" role="status">
          {qr.data.state === 'paid' ? (
            <p className="font-semibold text-green-800">{t.seller.rider.qrPaid(money(qr.data.amount, qr.data.currency))}</p>
          ) : qr.data.qr ? (
            <>
              <p className="mb-2 font-medium text-slate-900">{t.seller.rider.qrScan(money(qr.data.amount, qr.data.currency))}</p>
              <QRImage code={qr.data.qr} label={t.seller.rider.qrAlt(money(qr.data.amount, qr.data.currency))} />
              <p className="mt-2 text-xs text-slate-500">{t.seller.rider.qrWaiting}</p>
            </>
          ) : (
            <p className="text-slate-700">{t.seller.rider.qrEnded}</p>
          )}
        </div>
      )}
      {d.canTakeQR && !(showQR && qr.data?.state === 'pending') && (
        <button
          type="button"
          disabled={startQR.isPending}
          onClick={() => startQR.mutate(undefined, { onSuccess: () => setShowQR(true) })}
          className={`${secondary} mt-3 w-full`}
        >
          {t.seller.rider.takeQR}
        </button>
      )}
      {d.canDeliver && mode === '' && (
        <>
          {d.codeTriesLeft > 0 && (
            <form onSubmit={deliverWithCode} className="mt-3 flex items-end gap-2">
              <TextField
                label={t.seller.rider.code}
                labelClass="flex-1"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={4}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                required
              />
              <button type="submit" disabled={step.isPending} className={primary}>
                {t.seller.rider.deliver}
              </button>
            </form>
          )}
          <p className="mt-1 text-xs text-slate-500">{t.seller.rider.triesLeft(d.codeTriesLeft)}</p>
          <div className="mt-3 grid grid-cols-2 gap-2">
            <button type="button" onClick={() => setMode('photo')} className={secondary}>
              {t.seller.rider.noCode}
            </button>
            <button type="button" onClick={() => setMode('failed')} className={`${button} border border-red-300 bg-white text-red-800 hover:bg-red-50`}>
              {t.seller.rider.failed}
            </button>
          </div>
        </>
      )}
      {d.canDeliver && mode === 'photo' && (
        <form onSubmit={deliverWithPhoto} className="mt-3 space-y-3">
          <label className="block">
            {t.seller.rider.photo}
            <input type="file" accept="image/*" capture="environment" className="mt-1 block w-full" onChange={(e) => setPhoto(e.target.files?.[0] ?? null)} required />
          </label>
          <TextField label={t.seller.rider.reason} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} required />
          <div className="grid grid-cols-2 gap-2">
            <button type="submit" disabled={step.isPending || !photo} className={primary}>
              {t.seller.rider.sendPhoto}
            </button>
            <button type="button" onClick={() => setMode('')} className={secondary}>
              {t.seller.rider.back}
            </button>
          </div>
        </form>
      )}
      {d.canDeliver && mode === 'failed' && (
        <div className="mt-3 grid grid-cols-2 gap-2">
          {failedReasons.map((r) => (
            <button key={r} type="button" disabled={step.isPending} onClick={() => step.mutate({ kind: 'failed', reason: r })} className={secondary}>
              {t.seller.rider.failedReasons[r]}
            </button>
          ))}
          <button type="button" onClick={() => setMode('')} className={secondary}>
            {t.seller.rider.back}
          </button>
        </div>
      )}
    </li>
  );
}
