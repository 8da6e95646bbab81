import type { Session } from '@central/domain';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { acsCheckQuery } from '@/features/devices';
import type { MenuEntry } from '@/shared/menu';
import { useTenant } from '@/shared/tenant';
import { isActive, panelMenu, visibleMenu } from './panel-menu';

type Props = { id: string; session: Session; onNavigate: () => void };

export function PanelMenu({ id, session, onNavigate }: Props) {
  const tenant = useTenant();
  const { pathname } = useLocation();
  const acs = useQuery(acsCheckQuery());
  const entries = visibleMenu(panelMenu, { session, tenant, acsConfigured: acs.data === true });

  const item = (entry: MenuEntry, nested: boolean) => {
    const Icon = entry.icon;
    const icon = Icon && (
      <ListItemIcon sx={{ minWidth: 40 }}>
        <Icon />
      </ListItemIcon>
    );
    if (!entry.to) {
      return (
        <ListItem sx={{ pt: 1.5, pb: 0.5 }}>
          {icon}
          <ListItemText primary={entry.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
        </ListItem>
      );
    }
    const active = isActive(entry.to, pathname);
    return (
      <ListItem disablePadding>
        <ListItemButton
          component={RouterLink}
          to={entry.to}
          selected={active}
          aria-current={active ? 'page' : undefined}
          onClick={onNavigate}
          sx={{ borderRadius: 1, mx: 1, pl: nested ? 7 : 2 }}
        >
          {icon}
          <ListItemText primary={entry.label} />
        </ListItemButton>
      </ListItem>
    );
  };

  return (
    <Box component="nav" id={id} aria-label="Menu principal" sx={{ overflowY: 'auto', py: 1 }}>
      <List disablePadding>
        {entries.map((entry) => (
          <Fragment key={entry.label}>
            {item(entry, false)}
            {entry.children?.map((child) => (
              <Fragment key={child.label}>{item(child, true)}</Fragment>
            ))}
          </Fragment>
        ))}
      </List>
    </Box>
  );
}
