// The rider's own deliveries of the day: starting one, proving it (by the shopper's code or a
// photo), a failed delivery, and the QR payment at the door.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from '../../lib/toast';
import { get, post, unwrap } from '../../lib/api';
import type {
  DeliveredRequest,
  DeliveriesResponse,
  DeliveryRequest,
  DeliveryResponse,
  DoorQRResponse,
  FailedDelivery,
  FailedRequest,
} from '../../lib/contract';
import { t } from '../../i18n';
import { sellerKeys } from '../seller-session';

/** deliveryKeys are the query keys of the rider's deliveries and of a QR payment at the door. */
const deliveryKeys = {
  deliveries: () => [...sellerKeys.all, 'deliveries'] as const,
  /** doorQR is where the QR payment at the door of one of the rider's orders stands. */
  doorQR: (id: string) => [...sellerKeys.all, 'doorQR', id] as const,
};

const api = {
  deliveries: () => get<DeliveriesResponse>('/api/rider/deliveries'),
  start: (id: string) => post<DeliveryRequest, DeliveryResponse>('/api/rider/start', { id }),
  delivered: (id: string, code: string) => post<DeliveredRequest, DeliveryResponse>('/api/rider/delivered', { id, code }),
  /** deliveredWithPhoto proves a delivery without its code: a form with id, reason and photo. */
  deliveredWithPhoto: (form: FormData) => post<FormData, DeliveryResponse>('/api/rider/delivered', form),
  failed: (id: string, reason: FailedDelivery) => post<FailedRequest, DeliveryResponse>('/api/rider/failed', { id, reason }),
  /** doorQR shows a QR code for a cash order's exact amount; doorQRStatus asks where its payment stands. */
  doorQR: (id: string) => post<DeliveryRequest, DoorQRResponse>('/api/rider/qr', { id }),
  doorQRStatus: (id: string) => get<DoorQRResponse>(`/api/rider/qr?id=${encodeURIComponent(id)}`),
};

/** useDeliveries is the signed-in rider's deliveries of the day, loaded again every 30 seconds while shown. */
export function useDeliveries() {
  return useQuery({
    queryKey: deliveryKeys.deliveries(),
    queryFn: () => unwrap(api.deliveries(), t.toast.generic).then((r) => r.deliveries),
    refetchInterval: 30_000,
  });
}

/** DeliveryStep is what a rider does with one of their deliveries. */
export type DeliveryStep =
  | { kind: 'start' }
  | { kind: 'code'; code: string }
  | { kind: 'photo'; photo: File; reason: string }
  | { kind: 'failed'; reason: FailedDelivery };

/** useDeliveryStep takes a step on one of the rider's deliveries; the list loads again after. */
export function useDeliveryStep(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (s: DeliveryStep) => {
      switch (s.kind) {
        case 'start':
          return unwrap(api.start(id), t.toast.generic);
        case 'code':
          return unwrap(api.delivered(id, s.code), t.toast.generic);
        case 'photo': {
          const form = new FormData();
          form.append('id', id);
          form.append('reason', s.reason);
          form.append('photo', s.photo);
          return unwrap(api.deliveredWithPhoto(form), t.toast.generic);
        }
        case 'failed':
          return unwrap(api.failed(id, s.reason), t.toast.generic);
      }
    },
    onSuccess: (r) => {
      if (r.message) toast.success(r.message);
    },
    onError: (e) => toast.error(e.message),
    onSettled: () => client.invalidateQueries({ queryKey: deliveryKeys.deliveries() }),
  });
}

/** useDoorQR starts a payment by QR code at the door of one of the rider's cash orders. */
export function useDoorQR(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.doorQR(id), t.toast.generic).then((r) => r.payment),
    onSuccess: (p) => client.setQueryData(deliveryKeys.doorQR(id), p),
    onError: (e) => toast.error(e.message),
  });
}

/** useDoorQRStatus asks every 3 seconds, while the code is shown, whether the shopper has paid; paid, the deliveries load again. */
export function useDoorQRStatus(id: string, enabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: deliveryKeys.doorQR(id),
    queryFn: async () => {
      const p = (await unwrap(api.doorQRStatus(id), t.toast.generic)).payment;
      if (p.state === 'paid') void client.invalidateQueries({ queryKey: deliveryKeys.deliveries() });
      return p;
    },
    enabled,
    refetchInterval: (q) => (q.state.data?.state === 'pending' ? 3000 : false),
  });
}
