import type { ReactNode } from 'react';
import { ErrorState } from '@/shared/components/error-state';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { CardListSkeleton } from '@/shared/components/skeletons';
import { CloudBoxUsers } from '../components/cloud-box-users';
import { useCloudPage } from '../use-cloud-page';

const TITLE = 'ATP Box';

/** spec §2.2 /panel/app/atp-box/{contractId}/{cloudServiceId}: the cloud box's users. */
export function CloudBoxPage() {
  const { place, details, links, failure, retry, retrying } = useCloudPage();
  let content: ReactNode;
  if (failure)
    content = <ErrorState message={failure} onRetry={place.appId ? retry : undefined} retrying={retrying} />;
  else if (!details.data) content = <CardListSkeleton count={2} />;
  else content = <CloudBoxUsers place={place} groupId={details.data.atp_box_group} />;

  return (
    <>
      <PageTitle>{details.data?.name ?? TITLE}</PageTitle>
      <PageHeader
        title={details.data?.name ?? TITLE}
        subtitle={`Contrato nº ${place.contractId}`}
        back={place.appId ? { to: links.app } : undefined}
      />
      {content}
    </>
  );
}
