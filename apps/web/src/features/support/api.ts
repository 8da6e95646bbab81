import {
  type CreateSupportBody,
  type CreateSupportMessageBody,
  contractShortListResponse,
  customerDetailsSchema,
  fileResponse,
  type SupportDetails,
  type SupportMessage,
  type SupportStatus,
  supportAttachmentsResponse,
  supportCreatedResponse,
  supportDetailsResponse,
  supportListResponse,
  supportMessageCreatedResponse,
  supportSubjectsResponse,
} from '@central/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { saveFile } from '@/shared/download';
import { api } from '@/shared/http';

export const supportKeys = {
  all: ['supports'] as const,
  lists: ['supports', 'list'] as const,
  list: (status: SupportStatus, page: number) => ['supports', 'list', status, page] as const,
  details: (supportId: string) => ['supports', 'details', supportId] as const,
  subjects: ['support-subjects'] as const,
  contracts: ['support-contracts'] as const,
  customer: ['support-customer'] as const,
};

/** GET /customer/list/supports?status=&page=: one page of tickets in progress or closed. */
export const supportListQuery = (status: SupportStatus, page = 1) =>
  queryOptions({
    queryKey: supportKeys.list(status, page),
    queryFn: ({ signal }) =>
      api(`/customer/list/supports?status=${status}&page=${page}`, { schema: supportListResponse, signal }),
    staleTime: 30_000,
  });

/** spec §4/§9: a message just added is kept for 30 seconds, while the ERP may not list it yet. */
export const ADDED_MESSAGE_TTL_MS = 30_000;
const addedMessages = new Map<string, { message: SupportMessage; until: number }[]>();

function rememberAddedMessage(supportId: string, message: SupportMessage, now = Date.now()) {
  const kept = (addedMessages.get(supportId) ?? []).filter((m) => m.until > now);
  addedMessages.set(supportId, [...kept, { message, until: now + ADDED_MESSAGE_TTL_MS }]);
}

/** The ticket's messages plus those added here in the last 30 s that the ERP does not list yet. */
export function withAddedMessages(
  supportId: string,
  details: SupportDetails,
  now = Date.now(),
): SupportDetails {
  const kept = (addedMessages.get(supportId) ?? []).filter((m) => m.until > now);
  if (kept.length === 0) addedMessages.delete(supportId);
  else addedMessages.set(supportId, kept);
  const missing = kept.filter(({ message }) => !details.messages.some((m) => m.id === message.id));
  return missing.length === 0
    ? details
    : { ...details, messages: [...details.messages, ...missing.map((m) => m.message)] };
}

/** GET /customer/list/support/messages/{id}: the ticket and the messages the subscriber may read. */
export const supportDetailsQuery = (supportId: string) =>
  queryOptions({
    queryKey: supportKeys.details(supportId),
    queryFn: async ({ signal }) =>
      withAddedMessages(
        supportId,
        await api(`/customer/list/support/messages/${encodeURIComponent(supportId)}`, {
          schema: supportDetailsResponse,
          signal,
        }),
      ),
    staleTime: 15_000,
  });

/** GET /customer/support/subjects: what a request may be about. */
export const supportSubjectsQuery = () =>
  queryOptions({
    queryKey: supportKeys.subjects,
    queryFn: async ({ signal }) =>
      (await api('/customer/support/subjects', { schema: supportSubjectsResponse, signal })).subjects,
    staleTime: 5 * 60_000,
  });

/**
 * GET /customer/list/contracts/short: the contracts a request may be about. spec §7.5 opens it on the first
 * one; a subscriber with more than one (two addresses) chooses, the first being the default.
 */
export const supportContractsQuery = () =>
  queryOptions({
    queryKey: supportKeys.contracts,
    queryFn: async ({ signal }) =>
      (await api('/customer/list/contracts/short', { schema: contractShortListResponse, signal })).contracts,
    staleTime: 5 * 60_000,
  });

/** GET /customer/list: the phone on file, to fill the request's contact phone in. */
export const customerPhoneQuery = () =>
  queryOptions({
    queryKey: supportKeys.customer,
    queryFn: async ({ signal }) =>
      (await api('/customer/list', { schema: customerDetailsSchema, signal })).phone,
    staleTime: 5 * 60_000,
    retry: false,
  });

/** POST /customer/create/support; the lists are reloaded so the new ticket shows in progress. */
export function useCreateSupport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSupportBody) =>
      api('/customer/create/support', { method: 'POST', body, schema: supportCreatedResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.lists }),
  });
}

/** POST /customer/create/support/message: the new message joins the ticket at once, then it is read again. */
export function useAddSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSupportMessageBody) =>
      api('/customer/create/support/message', {
        method: 'POST',
        body,
        schema: supportMessageCreatedResponse,
      }),
    onSuccess: async ({ message }, { supportId }) => {
      const id = String(supportId);
      rememberAddedMessage(id, message);
      queryClient.setQueryData<SupportDetails>(supportKeys.details(id), (details) =>
        details ? withAddedMessages(id, details) : details,
      );
      await queryClient.invalidateQueries({ queryKey: supportKeys.details(id), refetchType: 'none' });
    },
  });
}

/**
 * POST /customer/support/{id}/attachments (issue 15): the files of a new request, or of a message
 * (`messageId`), as multipart; the request's details are read again to list them.
 */
export function useUploadAttachments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      supportId,
      messageId,
      files,
    }: {
      supportId: string;
      messageId?: string;
      files: File[];
    }) => {
      const form = new FormData();
      if (messageId) form.append('messageId', messageId);
      for (const file of files) form.append('file', file, file.name);
      return api(`/customer/support/${supportId}/attachments`, {
        method: 'POST',
        body: form,
        schema: supportAttachmentsResponse,
      });
    },
    onSettled: (_data, _error, { supportId }) =>
      queryClient.invalidateQueries({ queryKey: supportKeys.details(supportId) }),
  });
}

/** One of the subscriber's files on a request, saved under its name. */
export function useDownloadAttachment() {
  return useMutation({
    mutationFn: async ({ supportId, attachmentId }: { supportId: string; attachmentId: string }) =>
      saveFile(
        await api(`/customer/support/${supportId}/attachments/${attachmentId}`, { schema: fileResponse }),
      ),
  });
}
