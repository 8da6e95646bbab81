import { type CloudUser, type CloudUserList, formatBytes, messages } from '@central/domain';
import CloudOutlined from '@mui/icons-material/CloudOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/shared/components/error-state';
import { CardListSkeleton } from '@/shared/components/skeletons';
import { type CloudTarget, cloudUsersQuery } from '../api';
import { type CloudPlace, cloudLinks } from '../cloud-links';

const percent = (part: number, whole: number) =>
  whole > 0 ? Math.min(100, Math.max(0, (part / whole) * 100)) : 0;

function Usage({ label, used, total }: { label: string; used: number; total: number }) {
  return (
    <LinearProgress
      variant="determinate"
      value={percent(used, total)}
      aria-label={label}
      aria-valuetext={`${formatBytes(used)} de ${formatBytes(total)}`}
      sx={{ height: 8, borderRadius: 4 }}
    />
  );
}

function UserRow({ user, editTo }: { user: CloudUser; editTo: string }) {
  const nameId = useId();
  const used = Math.max(0, user.quota.used);
  return (
    <Box
      component="li"
      aria-labelledby={nameId}
      sx={{ p: 2, borderRadius: 1, border: 1, borderColor: 'divider', display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography id={nameId} component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {user.displayname || user.id}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {user.email ?? user.id}
          </Typography>
        </Box>
        <Button
          component={RouterLink}
          to={editTo}
          size="small"
          startIcon={<EditOutlined />}
          aria-label={`Editar ${user.displayname || user.id}`}
        >
          Editar
        </Button>
      </Box>
      <Usage label={`Espaço usado por ${user.displayname || user.id}`} used={used} total={user.quota.total} />
      <Typography variant="body2" color="text.secondary">
        {formatBytes(used)} de {formatBytes(user.quota.total)}
      </Typography>
    </Box>
  );
}

function Users({ list, place }: { list: CloudUserList; place: CloudPlace }) {
  const titleId = useId();
  const links = cloudLinks(place);
  const { group } = list;
  return (
    <Card component="section" aria-labelledby={titleId}>
      <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <CloudOutlined color="primary" aria-hidden />
          <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 700, flexGrow: 1 }}>
            Usuários do ATP Box
          </Typography>
          <Button
            component={RouterLink}
            to={links.newUser}
            variant="contained"
            startIcon={<PersonAddOutlined />}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            Adicionar usuário
          </Button>
        </Box>
        {group.quota_limit !== null && (
          <Box sx={{ display: 'grid', gap: 0.5 }}>
            <Typography variant="body2">
              Espaço distribuído:{' '}
              <strong>
                {formatBytes(group.quota_allocated)} de {formatBytes(group.quota_limit)}
              </strong>
            </Typography>
            <Usage label="Espaço distribuído" used={group.quota_allocated} total={group.quota_limit} />
          </Box>
        )}
        {list.users.length === 0 ? (
          <Typography color="text.secondary">Nenhum usuário cadastrado.</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {list.users.map((user) => (
              <UserRow key={user.id} user={user} editTo={links.editUser(user.id)} />
            ))}
          </Box>
        )}
      </Box>
    </Card>
  );
}

/** spec §2.3 cloud box, §4 Cloud app: the group's users, their space, and the way to add one. */
export function CloudBoxUsers({ place, groupId }: { place: CloudPlace; groupId: string | null }) {
  const target: CloudTarget = {
    groupId: groupId ?? '',
    contractId: place.contractId,
    cloudServiceId: place.cloudServiceId,
  };
  const users = useQuery({ ...cloudUsersQuery(target), enabled: groupId !== null });
  if (groupId === null) {
    return <ErrorState message={messages.cloudLoadFailed} />;
  }
  if (users.data) return <Users list={users.data} place={place} />;
  if (users.isError) {
    return (
      <ErrorState message={users.error.message} onRetry={() => users.refetch()} retrying={users.isFetching} />
    );
  }
  return <CardListSkeleton count={2} />;
}
