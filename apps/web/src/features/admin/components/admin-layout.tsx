import { messages } from '@central/domain';
import AddBusinessOutlined from '@mui/icons-material/AddBusinessOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useSessionLossRedirect } from '@/shared/back-office';
import { BackOfficeLayout } from '@/shared/layouts/back-office-layout';
import * as paths from '@/shared/paths';
import { useSnackbar } from '@/shared/snackbar';
import { adminSessionQuery, useAdminSignOut } from '../api';

const links = [
  { to: paths.admCustomers, label: 'Clientes', icon: <StorefrontOutlined /> },
  { to: paths.admNewCustomer, label: 'Novo Cliente', icon: <AddBusinessOutlined /> },
];

/** spec §2.4: the admin header (the admin's name, 'Admin' by default; Clientes, Novo Cliente, Sair). */
export function AdminLayout() {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const session = useQuery(adminSessionQuery());
  const signOut = useAdminSignOut();
  useSessionLossRedirect(paths.admSignIn);

  // The session may end while the page is open (the hour is up, a sign-out in another tab).
  useEffect(() => {
    if (session.data === null) navigate(paths.admSignIn, { replace: true });
  }, [session.data, navigate]);

  const onSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => navigate(paths.admSignIn, { replace: true }),
      onError: () => snackbar.error(messages.generic),
    });

  return (
    <BackOfficeLayout
      area="Administração"
      name={session.data?.admin.name.trim() || 'Admin'}
      links={links}
      onSignOut={onSignOut}
      signingOut={signOut.isPending}
    >
      <Outlet />
    </BackOfficeLayout>
  );
}
