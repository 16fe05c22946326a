import { useState, type FormEvent } from 'react';
import TextField from '../../components/TextField';
import { inputClass } from '../../components/styles';
import Confirm from '../../components/Confirm';
import { RowSkeleton } from '../../components/Spinner';
import { t } from '../../i18n';
import type { Seller, StaffRole } from '../../lib/contract';
import { useStaff, useStaffChange } from './staff';

const staffRoles: StaffRole[] = ['packer', 'rider'];
const field = `${inputClass} min-w-0 text-slate-900`;

/** Staff is the owner's page of the store's packers and riders: adding one, changing a role, removing one. */
export default function Staff() {
  const staff = useStaff();
  return (
    <div className="max-w-3xl p-4 md:p-10">
      <h1 className="text-xl font-semibold text-slate-900 md:text-2xl">{t.seller.staff.title}</h1>
      <p className="mt-2 text-sm text-slate-600">{t.seller.staff.intro}</p>
      <AddStaff />
      <h2 className="mt-8 text-lg font-semibold text-slate-900">{t.seller.staff.list}</h2>
      {staff.isPending ? (
        <div className="mt-3 space-y-3" role="status" aria-label={t.loader}>
          <RowSkeleton />
          <RowSkeleton />
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
          {(staff.data ?? []).map((s) => (
            <StaffRow key={s._id} member={s} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** AddStaff is the form that adds a packer or a rider, who signs in with an email or a mobile number. */
function AddStaff() {
  const change = useStaffChange();
  const [name, setName] = useState('');
  const [login, setLogin] = useState('');
  const [role, setRole] = useState<StaffRole>('packer');
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const byEmail = login.includes('@');
    change.mutate(
      { add: { name, role, password, email: byEmail ? login.trim() : undefined, phone: byEmail ? undefined : login.trim() } },
      {
        onSuccess: () => {
          setName('');
          setLogin('');
          setPassword('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label={t.seller.staff.add} className="mt-6 grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 text-sm text-slate-700 sm:grid-cols-2">
      <h2 className="text-base font-semibold text-slate-900 sm:col-span-2">{t.seller.staff.add}</h2>
      <TextField label={t.seller.staff.name} value={name} onChange={(e) => setName(e.target.value)} maxLength={60} autoComplete="off" required />
      <div>
        <label className="block">
          {t.seller.staff.signIn}
          <input className={field} value={login} onChange={(e) => setLogin(e.target.value)} placeholder={t.seller.emailOrPhone} autoComplete="off" aria-describedby="staff-login-hint" required />
        </label>
        <p id="staff-login-hint" className="mt-1 text-xs text-slate-500">{t.seller.staff.signInHint}</p>
      </div>
      <label className="block">
        {t.seller.staff.role}
        <select className={field} value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
          {staffRoles.map((r) => (
            <option key={r} value={r}>
              {t.seller.staff.roles[r]}
            </option>
          ))}
        </select>
      </label>
      <div>
        <label className="block">
          {t.seller.staff.password}
          <input className={field} type="password" value={password} onChange={(e) => setPassword(e.target.value)} minLength={8} autoComplete="new-password" aria-describedby="staff-password-hint" required />
        </label>
        <p id="staff-password-hint" className="mt-1 text-xs text-slate-500">{t.seller.staff.passwordHint}</p>
      </div>
      <div className="sm:col-span-2">
        <button type="submit" disabled={change.isPending} className="min-h-11 rounded-lg bg-green-700 px-6 font-medium text-white hover:bg-green-800 disabled:opacity-60">
          {change.isPending ? t.seller.staff.adding : t.seller.staff.addIt}
        </button>
      </div>
    </form>
  );
}

/** StaffRow is one account: its name, how it signs in, and for staff their role and removal. */
function StaffRow({ member: s }: { member: Seller }) {
  const change = useStaffChange();
  const [confirming, setConfirming] = useState(false);
  const name = s.name || s.email;
  return (
    <li className="flex flex-wrap items-center gap-3 p-4 text-sm [overflow-wrap:anywhere]">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">{name}</p>
        {s.name && <p className="text-slate-600">{s.phone || s.email}</p>}
      </div>
      {s.role === 'owner' ? (
        <p className="text-slate-600">
          {t.seller.staff.roles.owner} <span className="block text-xs text-slate-500">{t.seller.staff.ownerNote}</span>
        </p>
      ) : confirming ? (
        <Confirm
          question={t.seller.staff.confirmRemove(name)}
          yes={t.seller.staff.yesRemove}
          no={t.seller.staff.keep}
          busy={change.isPending}
          onYes={() => change.mutate({ remove: s._id })}
          onNo={() => setConfirming(false)}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <select
            aria-label={t.seller.staff.changeRole(name)}
            className={`${field} mt-0 w-auto`}
            value={s.role}
            disabled={change.isPending}
            onChange={(e) => change.mutate({ id: s._id, role: e.target.value })}
          >
            {staffRoles.map((r) => (
              <option key={r} value={r}>
                {t.seller.staff.roles[r]}
              </option>
            ))}
          </select>
          <button type="button" onClick={() => setConfirming(true)} className="min-h-11 rounded-lg border border-red-300 px-4 text-red-800 hover:bg-red-50">
            {t.seller.staff.remove}
          </button>
        </div>
      )}
    </li>
  );
}
