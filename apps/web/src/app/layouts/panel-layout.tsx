import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { Outlet, Link as RouterLink, useNavigate } from 'react-router';
import { useSignOut } from '@/features/auth';
import { formatPhone, telUrl, whatsappUrl } from '@/shared/contact';
import * as paths from '@/shared/paths';
import { useSession } from '@/shared/session';
import { useSnackbar } from '@/shared/snackbar';
import { useTenant } from '@/shared/tenant';
import { PanelMenu } from './panel-menu-list';

/** spec §9: side menu width. */
export const DRAWER_WIDTH = 240;
const MENU_ID = 'panel-menu';

function HelpText() {
  const tenant = useTenant();
  const whatsapp = tenant.whatsapp_number;
  const phone = whatsapp ?? tenant.phone_number;
  return (
    <Typography
      variant="body2"
      sx={{ display: { xs: 'none', sm: 'block' }, textAlign: 'right', lineHeight: 1.3, mr: 1 }}
    >
      Precisa de ajuda? Fale com a gente
      {phone && (
        <>
          {' '}
          <Link
            href={whatsapp ? whatsappUrl(whatsapp) : telUrl(phone)}
            target={whatsapp ? '_blank' : undefined}
            rel={whatsapp ? 'noopener noreferrer' : undefined}
            color="inherit"
            sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
          >
            {formatPhone(phone)}
          </Link>
        </>
      )}
    </Typography>
  );
}

/** spec §2.5: the subscriber panel's frame: top bar, side menu and the page. */
export function PanelLayout() {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(false);
  // A phone's menu is drawn when first opened, not with the first page; then kept for quick reopening.
  const [menuOpened, setMenuOpened] = useState(false);
  const tenant = useTenant();
  const { data: session } = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const snackbar = useSnackbar();

  // The session may end while the page is open (expiry, sign-out in another tab).
  useEffect(() => {
    if (session === null) navigate(paths.root, { replace: true });
  }, [session, navigate]);

  if (!session) return null;

  const onSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => navigate(paths.root, { replace: true }),
      onError: (error) => snackbar.error(error.message),
    });

  const logo = tenant.horizontal_logo_url ?? tenant.vertical_logo_url;
  const menu = <PanelMenu id={MENU_ID} session={session} onNavigate={() => setMenuOpen(false)} />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <AppBar
        position="fixed"
        elevation={0}
        // On desktops the menu sits under the bar; on phones the menu slides over it.
        sx={{ zIndex: isDesktop ? theme.zIndex.drawer + 1 : undefined }}
      >
        <Toolbar sx={{ gap: 1 }}>
          {!isDesktop && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label="Abrir menu"
              aria-controls={MENU_ID}
              aria-expanded={menuOpen}
              onClick={() => {
                setMenuOpened(true);
                setMenuOpen(true);
              }}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Box
            component={RouterLink}
            to={paths.panel}
            sx={{
              display: 'flex',
              alignItems: 'center',
              bgcolor: 'common.white',
              borderRadius: 1,
              px: 1,
              py: 0.5,
              minWidth: 0,
            }}
          >
            <Box
              component="img"
              src={logo}
              alt={tenant.alias}
              sx={{ height: 32, maxWidth: { xs: 120, sm: 180 }, objectFit: 'contain', display: 'block' }}
            />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <HelpText />
          <Button
            color="inherit"
            variant="outlined"
            startIcon={<LogoutIcon />}
            onClick={onSignOut}
            loading={signOut.isPending}
            sx={{ flexShrink: 0 }}
          >
            SAIR
          </Button>
        </Toolbar>
      </AppBar>

      {isDesktop ? (
        <Drawer
          variant="permanent"
          sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          <Toolbar />
          {menu}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          ModalProps={{ keepMounted: menuOpened }}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          <Toolbar sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Box component="img" src={logo} alt="" sx={{ height: 32, maxWidth: 180, objectFit: 'contain' }} />
          </Toolbar>
          {menu}
        </Drawer>
      )}

      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, sm: 3 }, pb: 4 }}>
        <Toolbar />
        <Box sx={{ pt: { xs: 2, sm: 3 }, maxWidth: 1200, mx: 'auto' }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
