import * as paths from '@/shared/paths';

/**
 * The cloud box's pages keep the spec's paths and carry the app's id as `?app=`: its details give the
 * group id (atp_box_group), which the contract and the cloud service alone do not.
 */
export type CloudPlace = { appId: string; contractId: string; cloudServiceId: string | null };

const withApp = (path: string, appId: string) => `${path}?app=${encodeURIComponent(appId)}`;

export const cloudLinks = ({ appId, contractId, cloudServiceId }: CloudPlace) => ({
  box: withApp(paths.cloudBox(contractId, cloudServiceId), appId),
  newUser: withApp(paths.cloudUserNew(contractId, cloudServiceId), appId),
  editUser: (userId: string) =>
    withApp(paths.cloudUserEdit(contractId, cloudServiceId, encodeURIComponent(userId)), appId),
  app: paths.app(appId, contractId, cloudServiceId),
});
