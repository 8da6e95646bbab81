import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { alpha } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

export type BackOfficeLink = { to: string; label: string; icon?: ReactNode };

type Props = {
  /** Under 'Central': 'Administração' or 'Provedor'. */
  area: string;
  /** Who is signed in (spec §2.4: the admin's name, 'Admin' by default). */
  name: string;
  links?: BackOfficeLink[];
  onSignOut: () => void;
  signingOut?: boolean;
  children: ReactNode;
};

function NavButton({ to, label, icon }: BackOfficeLink) {
  return (
    <Button
      component={NavLink}
      to={to}
      end
      color="inherit"
      startIcon={icon}
      sx={{
        flexShrink: 0,
        px: 1.5,
        borderRadius: 1,
        '&.active': { bgcolor: (theme) => alpha(theme.palette.common.white, 0.16) },
      }}
    >
      {label}
    </Button>
  );
}

/** spec §2.4: the back office's frame: Central's name, the links, who is signed in and 'Sair'. */
export function BackOfficeLayout({ area, name, links = [], onSignOut, signingOut, children }: Props) {
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" elevation={0}>
        {/* On phones the links wrap to a row of their own under the name and 'Sair'. */}
        <Toolbar sx={{ flexWrap: 'wrap', columnGap: { xs: 1, sm: 2 }, rowGap: 0.5, py: { xs: 1, md: 0 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexShrink: 0 }}>
            <HubOutlined aria-hidden />
            <Box sx={{ lineHeight: 1.1 }}>
              <Typography component="span" sx={{ display: 'block', fontWeight: 700, fontSize: '1.1rem' }}>
                Central
              </Typography>
              <Typography component="span" variant="caption" sx={{ display: 'block', opacity: 0.9 }}>
                {area}
              </Typography>
            </Box>
          </Box>
          {links.length > 0 && (
            <Box
              component="nav"
              aria-label="Navegação principal"
              sx={{
                order: { xs: 3, md: 1 },
                width: { xs: '100%', md: 'auto' },
                ml: { md: 2 },
                display: 'flex',
                gap: 0.5,
                overflowX: 'auto',
              }}
            >
              {links.map((link) => (
                <NavButton key={link.to} {...link} />
              ))}
            </Box>
          )}
          <Box sx={{ order: 2, flexGrow: 1 }} />
          <Box sx={{ order: 2, display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
            <AccountCircleOutlined aria-hidden sx={{ display: { xs: 'none', sm: 'block' } }} />
            <Typography noWrap sx={{ fontWeight: 600, maxWidth: { xs: 110, sm: 240 } }} title={name}>
              {name}
            </Typography>
          </Box>
          <Button
            color="inherit"
            variant="outlined"
            startIcon={<LogoutIcon />}
            onClick={onSignOut}
            loading={signingOut}
            sx={{ order: 2, flexShrink: 0 }}
          >
            Sair
          </Button>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ py: { xs: 2.5, sm: 4 }, px: { xs: 2, sm: 3 } }}>
        {children}
      </Container>
    </Box>
  );
}
