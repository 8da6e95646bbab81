import { cloudQuotaAvailableGb, messages } from '@central/domain';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '@/shared/components/error-state';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { CardListSkeleton } from '@/shared/components/skeletons';
import { useSnackbar } from '@/shared/snackbar';
import { appErrorMessage, useCreateCloudUser } from '../api';
import { quotaOf } from '../cloud-quota';
import { CloudUserFormFields } from '../components/cloud-user-form';
import { useCloudPage } from '../use-cloud-page';

const TITLE = messages.cloudUserNewTitle;

/** spec §2.2 /panel/app/atp-box/{contractId}/{cloudServiceId}/user: a new user of the box. */
export function CloudUserNewPage() {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { users, target, links, failure, retry, retrying, place } = useCloudPage();
  const create = useCreateCloudUser(target);

  let content: ReactNode;
  if (failure) {
    content = <ErrorState message={failure} onRetry={place.appId ? retry : undefined} retrying={retrying} />;
  } else if (!users.data) {
    content = <CardListSkeleton count={1} />;
  } else {
    const availableGb = cloudQuotaAvailableGb(quotaOf(users.data));
    content = (
      <Card sx={{ maxWidth: 640 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <CloudUserFormFields
            mode="create"
            availableGb={availableGb}
            defaultValues={{ name: '', email: '', password: '', quota: '' }}
            submitLabel="Adicionar"
            submitting={create.isPending}
            onSubmit={(values) =>
              create.mutate(
                {
                  displayName: values.name,
                  email: values.email,
                  password: values.password,
                  quota: values.quota,
                  quotaUnitType: 'GB',
                },
                {
                  onSuccess: () => {
                    snackbar.success(messages.cloudUserCreated);
                    navigate(links.box);
                  },
                  onError: (error) => {
                    const message = appErrorMessage(error, messages.cloudUserCreateFailed);
                    if (message) snackbar.error(message);
                  },
                },
              )
            }
          />
        </CardContent>
      </Card>
    );
  }

  return (
    <>
      <PageTitle>{TITLE}</PageTitle>
      <PageHeader title={TITLE} subtitle={messages.cloudUserNewIntro} back={{ to: links.box }} />
      {content}
    </>
  );
}
