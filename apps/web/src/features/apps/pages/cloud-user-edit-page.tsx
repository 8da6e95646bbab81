import { type CloudUser, cloudQuotaAvailableGb, GB_BYTES, messages } from '@central/domain';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { ErrorState } from '@/shared/components/error-state';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { CardListSkeleton } from '@/shared/components/skeletons';
import { useSnackbar } from '@/shared/snackbar';
import { appErrorMessage, type CloudTarget, useEditCloudUser, useRemoveCloudUser } from '../api';
import { quotaOf } from '../cloud-quota';
import { CloudUserFormFields } from '../components/cloud-user-form';
import { useCloudPage } from '../use-cloud-page';

const TITLE = 'Editar Usuário ATP Box';

function EditForm({
  user,
  availableGb,
  target,
  backTo,
}: {
  user: CloudUser;
  availableGb: number | null;
  target: CloudTarget;
  backTo: string;
}) {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const edit = useEditCloudUser(user.id, target);
  const remove = useRemoveCloudUser(user.id, target);
  const [confirming, setConfirming] = useState(false);
  const name = user.displayname || user.id;
  const previous = {
    name: user.displayname,
    email: user.email ?? '',
    quota: Math.round(user.quota.total / GB_BYTES),
  };

  return (
    <>
      <CloudUserFormFields
        mode="edit"
        availableGb={availableGb}
        defaultValues={{ ...previous, password: '', quota: String(previous.quota) }}
        submitLabel="Salvar"
        submitting={edit.isPending}
        onSubmit={(next) =>
          edit.mutate(
            { previous, next },
            {
              onSuccess: () => {
                snackbar.success(messages.cloudUserUpdated);
                navigate(backTo);
              },
              onError: (error) => {
                const message = appErrorMessage(error, messages.cloudUserUpdateFailed);
                if (message) snackbar.error(message);
              },
            },
          )
        }
        actions={
          <Button
            color="error"
            variant="outlined"
            size="large"
            startIcon={<DeleteOutline />}
            onClick={() => setConfirming(true)}
            disabled={edit.isPending}
            sx={{ flexGrow: { xs: 1, sm: 0 } }}
          >
            Remover
          </Button>
        }
      />
      <ConfirmDialog
        open={confirming}
        title="Remover usuário"
        confirmLabel="Remover"
        color="error"
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              snackbar.success(messages.cloudUserRemoved);
              navigate(backTo);
            },
            onError: (error) => {
              setConfirming(false);
              const message = appErrorMessage(error, messages.cloudUserRemoveFailed);
              if (message) snackbar.error(message);
            },
          })
        }
      >
        <Typography>
          O usuário {name} e os arquivos dele no ATP Box serão removidos. Esta ação não pode ser desfeita.
        </Typography>
      </ConfirmDialog>
    </>
  );
}

/** spec §2.2 /panel/app/atp-box/{contractId}/{cloudServiceId}/user/edit/{userId}: Salvar and Remover. */
export function CloudUserEditPage() {
  const userId = useParams().userId ?? '';
  const { users, target, links, failure, retry, retrying, place } = useCloudPage();
  const user = users.data?.users.find((u) => u.id === userId);

  let content: ReactNode;
  if (failure) {
    content = <ErrorState message={failure} onRetry={place.appId ? retry : undefined} retrying={retrying} />;
  } else if (!users.data) {
    content = <CardListSkeleton count={1} />;
  } else if (!user) {
    content = <ErrorState message={messages.cloudUserGetFailed} />;
  } else {
    content = (
      <Card sx={{ maxWidth: 640 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <EditForm
            key={user.id}
            user={user}
            availableGb={cloudQuotaAvailableGb(quotaOf(users.data), user.id)}
            target={target}
            backTo={links.box}
          />
        </CardContent>
      </Card>
    );
  }

  return (
    <>
      <PageTitle>{TITLE}</PageTitle>
      <PageHeader title={TITLE} subtitle={user?.email ?? undefined} back={{ to: links.box }} />
      {content}
    </>
  );
}
