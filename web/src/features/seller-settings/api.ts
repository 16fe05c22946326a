// The store's settings: the settings page (the store, its policies, delivery rules, tax, search
// words), the logo, the daily delivery windows and the launch checklist.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post, unwrap } from '../../lib/api';
import type {
  ChecklistResponse,
  DeliveryWindow,
  DeliveryWindowsRequest,
  DeliveryWindowsResponse,
  SettingsResponse,
  StoreSettings,
  SynonymsRequest,
  SynonymsResponse,
} from '../../lib/contract';
import { configKeys } from '../../lib/config';
import { t } from '../../i18n';
import toast from '../../lib/toast';
import { sellerKeys } from '../seller-session';

/** settingsKeys are the query keys of the settings' own pages: the search words and the delivery windows. */
const settingsKeys = {
  /** synonyms are the words the store's search counts as the same. */
  synonyms: () => [...sellerKeys.all, 'synonyms'] as const,
  /** slots are the seller's daily delivery windows. */
  slots: () => [...sellerKeys.all, 'slots'] as const,
};

const api = {
  /** sellerSlots are the seller's daily delivery windows. */
  sellerSlots: () => get<DeliveryWindowsResponse>('/api/seller/slots'),
  /** synonyms are the words the store's search counts as the same, one group a line. */
  synonyms: () => get<SynonymsResponse>('/api/seller/synonyms'),
  setSynonyms: (synonyms: string[]) => post<SynonymsRequest, SynonymsResponse>('/api/seller/synonyms', { synonyms }),
  setSellerSlots: (windows: DeliveryWindow[]) => post<DeliveryWindowsRequest, DeliveryWindowsResponse>('/api/seller/slots', { windows }),
  /** saveSettings changes the store's settings: a field sent replaces the setting, one left out keeps it. */
  saveSettings: (settings: Partial<StoreSettings>) => post<Partial<StoreSettings>, SettingsResponse>('/api/seller/settings', settings),
  /** uploadLogo stores the store's logo (a form with one image under "logo") and answers the settings. */
  uploadLogo: (form: FormData) => post<FormData, SettingsResponse>('/api/seller/logo', form),
  /** checklist is what a real shop needs before opening, and whether this one has it. */
  checklist: () => get<ChecklistResponse>('/api/seller/checklist'),
};

/** useSaveSettings saves a change to the store's settings; the cart and help centre read the settings saved. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<StoreSettings>) => unwrap(api.saveSettings(change), t.toast.generic),
    onSuccess: (r) => {
      client.setQueryData(configKeys.settings, { success: true, settings: r.settings });
      toast.success(r.message || t.seller.settingsPage.saved);
    },
  });
}

/** useDeliveryWindows loads the seller's daily delivery windows. */
export function useDeliveryWindows() {
  return useQuery({ queryKey: settingsKeys.slots(), queryFn: () => unwrap(api.sellerSlots(), t.slots.loadFailed).then((r) => r.windows) });
}

/** useSaveDeliveryWindows saves the seller's delivery windows and says so; the windows saved replace those loaded. */
export function useSaveDeliveryWindows() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (windows: DeliveryWindow[]) => unwrap(api.setSellerSlots(windows), t.slots.saveFailed),
    onSuccess: (r) => {
      toast.success(r.message ?? t.slots.save);
      client.setQueryData(settingsKeys.slots(), r.windows);
    },
    onError: (e) => toast.error(e.message),
  });
}

/** useUploadLogo stores the store's logo, a file, and keeps the settings it answers; uploaded follows a success. */
export function useUploadLogo(uploaded: (r: SettingsResponse & { message?: string }) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('logo', file);
      return unwrap(api.uploadLogo(form), t.toast.generic);
    },
    onSuccess: (r) => {
      client.setQueryData(configKeys.settings, { success: true, settings: r.settings });
      uploaded(r);
    },
    onError: (err) => toast.error(err.message, { id: 'settings-error' }),
  });
}

/** useChecklist loads the launch checklist: what a real shop needs, and whether this one has it. */
export function useChecklist() {
  return useQuery({
    queryKey: sellerKeys.checklist(),
    queryFn: () => unwrap(api.checklist(), t.toast.generic).then((r) => r.items),
  });
}

/** useSynonyms loads the words the store's search counts as the same, one group a line. */
export function useSynonyms() {
  return useQuery({ queryKey: settingsKeys.synonyms(), queryFn: () => unwrap(api.synonyms(), t.toast.generic).then((r) => r.synonyms) });
}

/** useSaveSynonyms saves the store's search words and says so; the lines saved (as the server wrote them) replace those loaded. */
export function useSaveSynonyms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (synonyms: string[]) => unwrap(api.setSynonyms(synonyms), t.toast.generic),
    onSuccess: (r) => {
      client.setQueryData(settingsKeys.synonyms(), r.synonyms);
      toast.success(r.message || t.seller.settingsPage.saved);
    },
  });
}
