import { messages, type TenantList } from '@central/domain';
import AddIcon from '@mui/icons-material/Add';
import ChevronRight from '@mui/icons-material/ChevronRight';
import SearchIcon from '@mui/icons-material/Search';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EmptyState } from '@/shared/components/empty-state';
import { ErrorState } from '@/shared/components/error-state';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { CardListSkeleton } from '@/shared/components/skeletons';
import * as paths from '@/shared/paths';
import { tenantListQuery } from '../api';
import { SuspendedChip } from '../components/suspended-chip';

const TITLE = 'Clientes';
const SEARCH_DELAY_MS = 300;

type Customer = TenantList['customers'][number];

function CustomerItem({ customer }: { customer: Customer }) {
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        component={RouterLink}
        to={paths.admCustomer(customer.client_id)}
        sx={{ gap: 2, py: 1.5, alignItems: 'center' }}
      >
        <Box
          sx={{
            flexShrink: 0,
            width: 56,
            height: 56,
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'common.white',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
          }}
        >
          <Box
            component="img"
            src={customer.vertical_logo_url}
            alt=""
            loading="lazy"
            sx={{ maxWidth: 48, maxHeight: 48, objectFit: 'contain' }}
          />
        </Box>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {customer.alias}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.25 }}>
            <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
              {customer.client_id}
            </Typography>
            <Box
              aria-hidden
              title={customer.primary_color}
              sx={{
                width: 14,
                height: 14,
                borderRadius: '50%',
                bgcolor: customer.primary_color,
                border: 1,
                borderColor: 'divider',
              }}
            />
          </Box>
        </Box>
        {customer.suspended && <SuspendedChip />}
        <ChevronRight aria-hidden sx={{ color: 'text.secondary', flexShrink: 0 }} />
      </ListItemButton>
    </ListItem>
  );
}

/** spec §2.4 /adm/customers: the providers, with a search, suspended ones marked; each opens its form. */
export function CustomersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('search') ?? '';
  const [typed, setTyped] = useState(search);
  const customers = useQuery({ ...tenantListQuery(search), placeholderData: keepPreviousData });

  useEffect(() => {
    const term = typed.trim();
    if (term === search) return;
    const timer = setTimeout(
      () => setSearchParams(term ? { search: term } : {}, { replace: true }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [typed, search, setSearchParams]);

  const newCustomer = (
    <Button component={RouterLink} to={paths.admNewCustomer} variant="contained" startIcon={<AddIcon />}>
      Novo Cliente
    </Button>
  );

  let content: ReactNode;
  if (customers.isPending) {
    content = <CardListSkeleton />;
  } else if (!customers.data) {
    content = (
      <ErrorState
        message={messages.tenantListFailed}
        onRetry={() => customers.refetch()}
        retrying={customers.isFetching}
      />
    );
  } else if (customers.data.length === 0) {
    content = search ? (
      <EmptyState
        icon={<SearchIcon />}
        message="Nenhum cliente encontrado"
        detail={`Nenhum provedor corresponde a “${search}”.`}
      />
    ) : (
      <EmptyState icon={<StorefrontOutlined />} message="Nenhum cliente cadastrado" action={newCustomer} />
    );
  } else {
    content = (
      <Card sx={{ opacity: customers.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <List disablePadding aria-label="Clientes">
          {customers.data.map((customer) => (
            <CustomerItem key={customer.client_id} customer={customer} />
          ))}
        </List>
      </Card>
    );
  }

  return (
    <>
      <PageTitle>{TITLE}</PageTitle>
      <PageHeader title={TITLE} subtitle="Os provedores que usam a Central." actions={newCustomer} />
      <TextField
        id="customer-search"
        label="Buscar cliente"
        placeholder="Nome ou client ID"
        type="search"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        sx={{ mb: 2, '& .MuiOutlinedInput-root': { bgcolor: 'background.paper' } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      {content}
    </>
  );
}
