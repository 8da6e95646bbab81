import {
  type NewCardBody,
  type PayInvoiceBody,
  paymentResultSchema,
  type SavedCard,
  savedCardSchema,
} from '@central/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError, paymentApi } from '@/shared/http';
import { invoiceKeys } from '@/shared/invoice';
import { secureStorage } from '@/shared/secure-storage';

export const cardKeys = { all: ['cards'] as const };

/** GET /api/payment/card: a 404 (no cards, or no gateway for this provider) is an empty list (spec §8). */
export const cardsQuery = () =>
  queryOptions({
    queryKey: cardKeys.all,
    queryFn: async ({ signal }): Promise<SavedCard[]> => {
      try {
        return await paymentApi('/card', { schema: savedCardSchema.array(), signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return [];
        throw error;
      }
    },
    staleTime: 30_000,
  });

/**
 * The mutations below carry a card number or a CVV in their variables: `gcTime: 0` drops them from
 * the mutation cache as soon as the form that sent them is gone.
 */
const FORGET_AT_ONCE = { gcTime: 0 } as const;

/** POST /api/payment/card: the card is saved at the gateway; only its last digits come back. */
export function useCreateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    ...FORGET_AT_ONCE,
    mutationFn: (body: NewCardBody) => paymentApi('/card', { method: 'POST', body, schema: savedCardSchema }),
    onSuccess: async (card) => {
      queryClient.setQueryData<SavedCard[]>(cardKeys.all, (cards) =>
        cards ? [...cards.filter((c) => c.uuid !== card.uuid), card] : cards,
      );
      await queryClient.invalidateQueries({ queryKey: cardKeys.all });
    },
  });
}

/** DELETE /api/payment/card/{uuid}. */
export function useDeleteCard() {
  return useMutation({
    mutationFn: (uuid: string) => paymentApi(`/card/${encodeURIComponent(uuid)}`, { method: 'DELETE' }),
  });
}

/** POST /api/payment/pay/invoice; settles only once the invoice and card lists are fresh again. */
export function usePayInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    ...FORGET_AT_ONCE,
    mutationFn: (body: PayInvoiceBody) =>
      paymentApi('/pay/invoice', { method: 'POST', body, schema: paymentResultSchema }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
        queryClient.invalidateQueries({ queryKey: cardKeys.all }),
      ]),
  });
}

/** spec §4 'card-delete marker': set after a deletion, read (and cleared) when the card list shows. */
const CARD_DELETED_MARKER = 'card-deleted';
const MARKER_TTL_MS = 5 * 60_000;

export const setCardDeletedMarker = () => secureStorage.set(CARD_DELETED_MARKER, true, MARKER_TTL_MS);

let consuming: Promise<boolean> = Promise.resolve(false);

/** Whether a card was deleted since the last call; the marker is gone afterwards (one message per deletion). */
export function consumeCardDeletedMarker(): Promise<boolean> {
  consuming = consuming.then(async () => {
    const marked = (await secureStorage.get(CARD_DELETED_MARKER)) === true;
    if (marked) await secureStorage.remove(CARD_DELETED_MARKER);
    return marked;
  });
  return consuming;
}

/** 'Visa' / 'Mastercard' as people read them. */
export const brandName = (brand: SavedCard['brand']) => (brand === 'Master' ? 'Mastercard' : 'Visa');

/** The last four digits of a masked number ('**** **** **** 1111' → '1111'). */
export const lastDigits = (card: Pick<SavedCard, 'CardNumber'>) =>
  card.CardNumber.replace(/\D/g, '').slice(-4);
