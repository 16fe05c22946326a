// The store's staff: the owner's list of accounts and their roles, and the riders to give orders to.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from '../../lib/toast';
import { get, post, unwrap } from '../../lib/api';
import type { MessageResponse, RidersResponse, StaffListResponse, StaffRemoveRequest, StaffRequest, StaffResponse, StaffRoleRequest } from '../../lib/contract';
import { t } from '../../i18n';
import { sellerKeys } from '../seller-session';

/** staffKeys are the query keys of the staff list and of the riders to give orders to. */
const staffKeys = {
  staff: () => [...sellerKeys.all, 'staff'] as const,
  riders: () => [...sellerKeys.all, 'riders'] as const,
};

const api = {
  staff: () => get<StaffListResponse>('/api/seller/staff'),
  addStaff: (s: StaffRequest) => post<StaffRequest, StaffResponse>('/api/seller/staff', s),
  setRole: (id: string, role: string) => post<StaffRoleRequest, StaffResponse>('/api/seller/staff/role', { id, role }),
  remove: (id: string) => post<StaffRemoveRequest, MessageResponse>('/api/seller/staff/remove', { id }),
  riders: () => get<RidersResponse>('/api/seller/riders'),
};

/** useStaff is every account of the seller area, owners first. */
export function useStaff() {
  return useQuery({ queryKey: staffKeys.staff(), queryFn: () => unwrap(api.staff(), t.toast.generic).then((r) => r.staff) });
}

/** useStaffChange adds a member of staff, changes a role or removes one; the list and the riders load again. */
export function useStaffChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (c: { add: StaffRequest } | { id: string; role: string } | { remove: string }) =>
      unwrap('add' in c ? api.addStaff(c.add) : 'remove' in c ? api.remove(c.remove) : api.setRole(c.id, c.role), t.toast.generic),
    onSuccess: (r) => {
      if (r.message) toast.success(r.message);
      void client.invalidateQueries({ queryKey: staffKeys.staff() });
      void client.invalidateQueries({ queryKey: staffKeys.riders() });
    },
    onError: (e) => toast.error(e.message),
  });
}

/** useRiders is the store's riders, to give orders to. */
export function useRiders(enabled: boolean) {
  return useQuery({ queryKey: staffKeys.riders(), queryFn: () => unwrap(api.riders(), t.toast.generic).then((r) => r.riders), enabled, staleTime: 60_000 });
}
