import { messages } from '@central/domain';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { appDetailsQuery, type CloudTarget, cloudUsersQuery } from './api';
import { type CloudPlace, cloudLinks } from './cloud-links';

/**
 * The cloud box's pages: the place from the path (and `?app=`), the group id from the app's details,
 * then the group's users. `failure` is the text to show when one of them cannot be had.
 */
export function useCloudPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const place: CloudPlace = {
    appId: search.get('app') ?? '',
    contractId: params.contractId ?? '',
    cloudServiceId: params.cloudServiceId ?? null,
  };
  const details = useQuery({
    ...appDetailsQuery(place.appId, place.contractId, place.cloudServiceId),
    enabled: place.appId !== '',
  });
  const groupId = details.data?.atp_box_group ?? null;
  const target: CloudTarget = {
    groupId: groupId ?? '',
    contractId: place.contractId,
    cloudServiceId: place.cloudServiceId,
  };
  const users = useQuery({ ...cloudUsersQuery(target), enabled: groupId !== null });

  let failure: string | null = null;
  if (place.appId === '' || (details.data && groupId === null)) failure = messages.cloudLoadFailed;
  else if (!details.data && details.isError) failure = messages.appDetailsFailed;
  else if (!users.data && users.isError) failure = users.error.message;
  const retry = () => (details.data ? users.refetch() : details.refetch());

  return {
    place,
    target,
    links: cloudLinks(place),
    details,
    users,
    failure,
    retry,
    retrying: details.isFetching || users.isFetching,
  };
}
