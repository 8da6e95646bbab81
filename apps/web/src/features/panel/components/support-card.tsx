import EmailOutlined from '@mui/icons-material/EmailOutlined';
import HelpOutline from '@mui/icons-material/HelpOutline';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { NewRequestButton } from '@/features/support';
import { formatPhone, telUrl, whatsappUrl } from '@/shared/contact';
import * as paths from '@/shared/paths';
import { useTenant } from '@/shared/tenant';

type Channel = { label: string; detail?: string; href: string; icon: ReactNode; external?: boolean };

/** spec §2.2 home: a new support request (or the chat) and the provider's contact channels. */
export function SupportCard() {
  const tenant = useTenant();
  const channels: Channel[] = [];
  if (tenant.whatsapp_number) {
    channels.push({
      label: 'WhatsApp',
      detail: formatPhone(tenant.whatsapp_number),
      href: whatsappUrl(tenant.whatsapp_number),
      icon: <WhatsApp />,
      external: true,
    });
  }
  if (tenant.phone_number) {
    channels.push({
      label: 'Telefone',
      detail: formatPhone(tenant.phone_number),
      href: telUrl(tenant.phone_number),
      icon: <PhoneOutlined />,
    });
  }
  if (tenant.contact_email) {
    channels.push({
      label: 'E-mail',
      detail: tenant.contact_email,
      href: `mailto:${tenant.contact_email}`,
      icon: <EmailOutlined />,
    });
  }
  if (tenant.faq_url) {
    channels.push({
      label: 'Perguntas frequentes',
      href: tenant.faq_url,
      icon: <HelpOutline />,
      external: true,
    });
  }

  return (
    <Card component="section" aria-labelledby="support-card-title">
      <CardContent>
        <Typography id="support-card-title" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          Fale com a gente
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Estamos prontos para ajudar você.
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          <NewRequestButton sx={{ flexGrow: { xs: 1, sm: 0 } }} />
          <Button
            component={RouterLink}
            to={paths.customerService.inProgress}
            variant="outlined"
            sx={{ flexGrow: { xs: 1, sm: 0 } }}
          >
            Meus atendimentos
          </Button>
        </Box>
        {channels.length > 0 && (
          <List dense sx={{ mt: 1, mx: -1 }}>
            {channels.map((channel) => (
              <ListItem key={channel.label} disablePadding>
                <ListItemButton
                  component="a"
                  href={channel.href}
                  target={channel.external ? '_blank' : undefined}
                  rel={channel.external ? 'noopener noreferrer' : undefined}
                  sx={{ borderRadius: 1 }}
                >
                  <ListItemIcon sx={{ minWidth: 40, color: 'primary.main' }}>{channel.icon}</ListItemIcon>
                  <ListItemText primary={channel.label} secondary={channel.detail} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
