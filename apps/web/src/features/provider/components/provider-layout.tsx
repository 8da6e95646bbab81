import { messages } from '@central/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useSessionLossRedirect } from '@/shared/back-office';
import { BackOfficeLayout } from '@/shared/layouts/back-office-layout';
import * as paths from '@/shared/paths';
import { useSnackbar } from '@/shared/snackbar';
import { providerSessionQuery, useProviderSignOut } from '../api';

/** spec §2.4: the back office's header on /provider: no Clientes / Novo Cliente; 'Sair' goes to /admin. */
export function ProviderLayout() {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const session = useQuery(providerSessionQuery());
  const signOut = useProviderSignOut();
  useSessionLossRedirect(paths.providerSignIn);

  useEffect(() => {
    if (session.data === null) navigate(paths.providerSignIn, { replace: true });
  }, [session.data, navigate]);

  const onSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => navigate(paths.providerSignIn, { replace: true }),
      onError: () => snackbar.error(messages.generic),
    });

  return (
    <BackOfficeLayout
      area="Provedor"
      name={session.data?.provider.alias || session.data?.provider.client_id || 'Provedor'}
      onSignOut={onSignOut}
      signingOut={signOut.isPending}
    >
      <Outlet />
    </BackOfficeLayout>
  );
}
