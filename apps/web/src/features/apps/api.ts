import {
  appDetailsResponse,
  appMessageResponse,
  type CloudUserCreateBody,
  type CloudUserEdit,
  type CloudUserValues,
  type ContentAppBody,
  cloudGroupResponse,
  cloudUserEdits,
  cloudUserListResponse,
  cloudUserRestores,
  cloudUserSavedResponse,
  contentAppResponse,
  errorMessages,
  messages,
  type OleTvRecoveryBody,
  oleTvCheckResponse,
  type TocaLivrosBody,
  tocaLivrosPrefillResponse,
} from '@central/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/shared/http';
import { appKeys } from './list-query';

export { appKeys, customerAppsQuery } from './list-query';

const seg = encodeURIComponent;

/** GET /customer/app/{appId}/{contractId}[/{cloudServiceId}]/details (spec §7.6). */
export const appDetailsQuery = (appId: string, contractId: string, cloudServiceId?: string | null) =>
  queryOptions({
    queryKey: appKeys.details(appId, contractId, cloudServiceId),
    queryFn: ({ signal }) =>
      api(
        `/customer/app/${seg(appId)}/${seg(contractId)}${cloudServiceId ? `/${seg(cloudServiceId)}` : ''}/details`,
        { schema: appDetailsResponse, signal },
      ),
    staleTime: 30_000,
  });

/**
 * spec §8 Apps: the API's text when its code is one of the catalogue's (e-mail in use, quota exceeded…),
 * `fallback` when it says nothing useful (network, 5xx). Undefined when the session ended: the app as a
 * whole takes the subscriber back to sign in.
 */
export function appErrorMessage(error: unknown, fallback: string): string | undefined {
  if (isApiError(error, 'NOT_AUTHENTICATED')) return undefined;
  if (isApiError(error) && error.code !== 'INTERNAL' && error.code in errorMessages) return error.message;
  return fallback;
}

/** A step of a load that failed, told in the words of that step (spec §8 Cloud box). */
const stepError = (error: unknown, failure: string) =>
  new Error(appErrorMessage(error, failure) ?? messages.notAuthenticated, { cause: error });

async function step<T>(failure: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw stepError(error, failure);
  }
}

/** Where a cloud box lives: its group (from the app's details), its contract and its contract item. */
export type CloudTarget = { groupId: string; contractId: string; cloudServiceId: string | null };

// A box given by a plan has no contract item: cloudServiceId is sent when the page has one.
const serviceOf = (cloudServiceId: string | null) => (cloudServiceId ? { cloudServiceId } : {});

/**
 * spec §4 Cloud app: find the group, create it when the server says it does not exist yet (404), then
 * list its users. Each step fails with its own text.
 */
export const cloudUsersQuery = ({ groupId, contractId, cloudServiceId }: CloudTarget) =>
  queryOptions({
    queryKey: appKeys.cloud(groupId),
    queryFn: async ({ signal }) => {
      try {
        await api(`/customer/find/cloud-group/${seg(groupId)}`, { schema: cloudGroupResponse, signal });
      } catch (error) {
        if (!isApiError(error) || error.status !== 404) throw stepError(error, messages.cloudLoadFailed);
        await step(messages.cloudActivateFailed, () =>
          api('/customer/create/cloud-group', {
            method: 'POST',
            body: { contractId, ...serviceOf(cloudServiceId) },
            schema: cloudGroupResponse,
          }),
        );
      }
      return step(messages.cloudUsersFailed, () =>
        api(`/customer/list/cloud-group-users/${seg(groupId)}`, { schema: cloudUserListResponse, signal }),
      );
    },
    staleTime: 30_000,
  });

/** POST /customer/create/content-app (spec §4 Activation); the details and the home are read again. */
export function useActivateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer may carry a login and its password: not kept once the page is gone.
    gcTime: 0,
    mutationFn: (body: ContentAppBody) =>
      api('/customer/create/content-app', { method: 'POST', body, schema: contentAppResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appKeys.all }),
  });
}

type CreateCloudUser = Omit<CloudUserCreateBody, 'cloudServiceId' | 'contractId'>;

/** POST /customer/create/cloud-user, quota in GB. */
export function useCreateCloudUser({ groupId, contractId, cloudServiceId }: CloudTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: (user: CreateCloudUser) =>
      api('/customer/create/cloud-user', {
        method: 'POST',
        body: { ...user, contractId, ...serviceOf(cloudServiceId) },
        schema: cloudUserSavedResponse,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appKeys.cloud(groupId) }),
  });
}

type CloudUserChange = { previous: CloudUserValues; next: CloudUserValues & { password: string } };

/**
 * PUT /customer/edit/cloud-user, one changed field per call (spec §4 Cloud app). When one fails, the
 * fields already saved get their previous values back, last first, and the failure is what the caller
 * sees.
 */
export function useEditCloudUser(userId: string, { groupId, contractId, cloudServiceId }: CloudTarget) {
  const queryClient = useQueryClient();
  const put = (edit: CloudUserEdit) =>
    api('/customer/edit/cloud-user', {
      method: 'PUT',
      body: { ...edit, userId, contractId, ...serviceOf(cloudServiceId) },
      schema: cloudUserSavedResponse,
    });
  return useMutation({
    gcTime: 0,
    mutationFn: async ({ previous, next }: CloudUserChange) => {
      const applied: CloudUserEdit[] = [];
      try {
        for (const edit of cloudUserEdits(previous, next)) {
          await put(edit);
          applied.push(edit);
        }
      } catch (error) {
        for (const restore of cloudUserRestores(applied, previous)) {
          await put(restore).catch(() => undefined);
        }
        throw error;
      }
      return applied.length;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: appKeys.cloud(groupId) }),
  });
}

/** DELETE /customer/delete/cloud-user/{id}?contractId= (the contract names the group). */
export function useRemoveCloudUser(userId: string, { groupId, contractId }: CloudTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api(`/customer/delete/cloud-user/${seg(userId)}?contractId=${seg(contractId)}`, {
        method: 'DELETE',
        schema: appMessageResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appKeys.cloud(groupId) }),
  });
}

/**
 * GET /customer/app/tocalivros?contract_id= : null when the book app is already active (204), else the
 * form's starting values.
 */
export const tocaLivrosQuery = (contractId: string) =>
  queryOptions({
    queryKey: appKeys.tocaLivros(contractId),
    queryFn: async ({ signal }) =>
      (await api(`/customer/app/tocalivros?contract_id=${seg(contractId)}`, {
        schema: tocaLivrosPrefillResponse.optional(),
        signal,
      })) ?? null,
    staleTime: 30_000,
  });

/** POST /customer/app/tocalivros; the page then shows the app as active. */
export function useActivateTocaLivros(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: (body: TocaLivrosBody) =>
      api('/customer/app/tocalivros', { method: 'POST', body, schema: appMessageResponse }),
    onSuccess: () => {
      queryClient.setQueryData(appKeys.tocaLivros(contractId), null);
      return queryClient.invalidateQueries({ queryKey: appKeys.all, refetchType: 'none' });
    },
  });
}

/** GET /atplus/oletv/check: whether the subscriber has the TV app, and its e-mail. */
export const oleTvCheckQuery = () =>
  queryOptions({
    queryKey: appKeys.oleTv,
    queryFn: ({ signal }) => api('/atplus/oletv/check', { schema: oleTvCheckResponse, signal }),
    staleTime: 30_000,
  });

/** POST /atplus/oletv/active; the check is asked again (spec §4: the page reloads on success). */
export function useActivateOleTv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contractId: string) =>
      api('/atplus/oletv/active', { method: 'POST', body: { contractId }, schema: appMessageResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appKeys.all }),
  });
}

/** POST /atplus/oletv/recovery-password. */
export function useRecoverOleTvPassword() {
  return useMutation({
    mutationFn: (body: OleTvRecoveryBody) =>
      api('/atplus/oletv/recovery-password', { method: 'POST', body, schema: appMessageResponse }),
  });
}
