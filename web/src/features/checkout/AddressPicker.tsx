import { useState } from 'react';
import { useNavigate } from '../../lib/router';
import type { Address } from '../../lib/contract';
import { addressLine } from '../../lib/address';
import { t } from '../../i18n';
import { paths } from '../../lib/paths';
import Confirm from '../../components/Confirm';
import { useDeleteAddress, useSetDefaultAddress, type AddressBook } from './api';

const actionBase = 'min-h-11 rounded-lg px-3 text-sm font-medium disabled:opacity-60';
const action = `${actionBase} text-green-700 hover:bg-green-50`;
const dangerAction = `${actionBase} text-red-700 hover:bg-red-50`;

/**
 * AddressPicker shows the delivery address chosen and, behind Change, the shopper's saved addresses
 * (the default marked) to choose from, edit, delete (after asking) or make the default, and Add
 * address. Making an address the default also chooses it here.
 */
export function AddressPicker({ book, selected, onChoose }: { book: AddressBook; selected: Address | null; onChoose: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  // confirming is the address whose Delete was pressed, asking once more.
  const [confirming, setConfirming] = useState<string | null>(null);
  const navigate = useNavigate();
  const remove = useDeleteAddress();
  const makeDefault = useSetDefaultAddress();
  const busy = remove.isPending || makeDefault.isPending;
  return (
    <>
      <p className="font-medium text-slate-700">{t.cart.deliveryAddress}</p>
      <div className="relative mt-2 flex items-start justify-between gap-2">
        <p className="min-w-0 text-slate-500 [overflow-wrap:anywhere]" data-testid="selected-address">
          {selected ? addressLine(selected) : t.cart.noAddress}
        </p>
        <button type="button" onClick={() => setOpen((v) => !v)} className="-my-2 min-h-11 shrink-0 rounded-lg px-2 text-green-700 hover:underline" aria-expanded={open}>
          {t.cart.change}
        </button>
        {open && (
          <ul className="absolute top-10 z-10 max-h-[70vh] w-full divide-y divide-stone-100 overflow-y-auto rounded-lg border border-stone-200 bg-white py-1 text-sm shadow-lg" data-testid="address-list">
            {book.addresses.map((a) => {
              const line = addressLine(a);
              const isDefault = a._id === book.defaultId;
              const chosen = a._id === selected?._id;
              return (
                <li key={a._id} className={chosen ? 'bg-green-50/60' : ''}>
                  <button
                    type="button"
                    onClick={() => {
                      onChoose(a._id);
                      setOpen(false);
                    }}
                    aria-current={chosen ? 'true' : undefined}
                    className="min-h-11 w-full px-3 pt-2.5 pb-1 text-left text-slate-600 [overflow-wrap:anywhere] hover:bg-stone-100"
                  >
                    {line}
                    {isDefault && <span className="ml-2 inline-block rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">{t.cart.defaultAddress}</span>}
                  </button>
                  {confirming === a._id ? (
                    <Confirm
                      question={t.cart.deleteQuestion}
                      yes={t.cart.yesDelete}
                      no={t.cart.keepAddress}
                      busy={remove.isPending}
                      onYes={() => remove.mutate(a._id, { onSettled: () => setConfirming(null) })}
                      onNo={() => setConfirming(null)}
                      className="px-3 pb-2"
                    />
                  ) : (
                    <div role="group" aria-label={t.cart.addressActions(line)} className="flex flex-wrap gap-1 px-1 pb-1">
                      <button type="button" className={action} onClick={() => void navigate(paths.editAddress(a._id))}>
                        {t.cart.editAddress}
                      </button>
                      {!isDefault && (
                        <button
                          type="button"
                          className={action}
                          disabled={busy}
                          onClick={() =>
                            makeDefault.mutate(a._id, {
                              onSuccess: () => {
                                onChoose(a._id);
                                setOpen(false);
                              },
                            })
                          }
                        >
                          {t.cart.makeDefault}
                        </button>
                      )}
                      <button type="button" className={dangerAction} disabled={busy} onClick={() => setConfirming(a._id)}>
                        {t.cart.deleteAddress}
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
            <li>
              <button type="button" onClick={() => void navigate(paths.addAddress)} className="min-h-11 w-full px-3 py-2.5 text-left text-green-700 hover:bg-green-50">
                {t.cart.addAddress}
              </button>
            </li>
          </ul>
        )}
      </div>
    </>
  );
}
