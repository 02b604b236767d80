import ChatIcon from '@mui/icons-material/Chat';
import { Alert, Box, Button, Chip, Fab, type Theme, Tooltip, Typography, useMediaQuery } from '@mui/material';
import { AppBar, Layout, type LayoutProps, Logout, useLogout, UserMenu, useUserMenu } from 'react-admin';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigationType } from 'react-router-dom';
import { titleForRole, type UserRole } from '../../domain/roles';
import { AUTH_TEXT } from '../../domain/auth';
import { getSession, type ScopeChange, takeScopeChange } from '../authProvider/session';
import { CampoMenu } from './Menu';
import { documentTitle, showDocumentTitle } from '../ui/documentTitle';
import { useSettings } from './settings';
import { ConfirmDialog } from '../ui/dialogs';
import { anyUnsaved } from '../ui/form/useConfirmLeave';
import { DIALOG, dialogParts } from '../../domain/dialogs';

function Logo() {
  return (
    <Link to="/" aria-label="CAMPO · Inicio" style={{ display: 'flex', alignItems: 'center', gap: 6, color: 'inherit', textDecoration: 'none', marginRight: 16 }}>
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <path fill="currentColor" d="M12 2C8.1 2 5 5.1 5 9c0 5.2 7 13 7 13s7-7.8 7-13c0-3.9-3.1-7-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
      </svg>
      <Typography variant="h6" component="span" sx={{ fontWeight: 700, letterSpacing: 1, display: { xs: 'none', sm: 'inline' } }}>
        CAMPO
      </Typography>
    </Link>
  );
}

/** One of the two lines of the phone's greeting. */
const WELCOME_LINE = { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/**
 * 'Desconectar': with changes not saved on the screen, it asks first ('No se guardarán los cambios' /
 * '¿Deseas continuar?'), as every other way out of a form does. It ended the session at once, and what was
 * typed was lost without a word (a logout also forgets the drafts kept for the next login).
 */
function GuardedLogout({ onAsk }: { onAsk: () => void }) {
  const menu = useUserMenu();
  const logout = useLogout();
  return (
    <Logout
      onClick={() => {
        if (!anyUnsaved()) return void logout(null, undefined, false);
        menu?.onClose();
        onAsk();
      }}
    />
  );
}

function CampoAppBar({ alwaysOn }: { alwaysOn?: boolean }) {
  const [askingLogout, setAskingLogout] = useState(false);
  const logout = useLogout();
  const leave = dialogParts(DIALOG.leave);
  const profile = getSession()?.profile;
  const roleTitle = titleForRole((profile?.rolId ?? null) as UserRole);
  const welcome = `Bienvenido ${profile ? `${profile.firstName} ${profile.lastName}` : ''}`.trim();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const tablet = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  // The tab's title: the screen's (ScreenTitle), then the console and the role ('Lista de Clientes · Campo ·
  // Admin'); a screen with no title of its own shows 'Campo · Admin'.
  useEffect(() => {
    documentTitle.role = roleTitle;
    showDocumentTitle();
  }, [roleTitle]);
  return (
    <AppBar
      alwaysOn={alwaysOn}
      color="primary"
      userMenu={
        // Where it shows the user's name (not on a phone), its name holds it, then what it is: a screen
        // reader and a voice command say the same ('Carla Cliente · Perfil'). On a phone, an icon: 'Perfil'
        // (react-admin reads a label there only as a translation key).
        <UserMenu label={!phone && profile ? `${profile.firstName} ${profile.lastName} · Perfil` : undefined}>
          <GuardedLogout onAsk={() => setAskingLogout(true)} />
        </UserMenu>
      }
    >
      <Logo />
      {/* On a phone a long role ('Responsable de punto de venta') stands on two short lines, like the welcome:
          on one it pushed the refresh and profile buttons, and with them 'Desconectar', off the screen, and
          cut ('Responsa…') it did not say the role at all (a phone has no hover for the title). */}
      <Chip label={roleTitle} title={roleTitle} size="small" sx={ROLE_CHIP} />
      {/* No react-admin TitlePortal: every page says its own title (PageTitle), and the portal was an empty
          heading in the banner on every screen, read out by screen readers. */}
      <Box sx={{ flex: 1 }} />
      {/* On a phone and a tablet too (spec 1 §1): there on two short lines, 'Bienvenido' over the first name
          on a phone, over the whole name on a tablet (on one line even the first name was cut to 'Bienvenido …'
          beside a long role, and a tablet read 'Bienvenido Gabriela Ge…'); whole on hover. */}
      {tablet && profile ? (
        <Typography variant="body2" title={welcome} sx={{ mr: 1, minWidth: 0, flexShrink: 1, fontSize: '0.75rem', lineHeight: 1.25 }}>
          <Box component="span" sx={WELCOME_LINE}>
            Bienvenido
          </Box>{' '}
          <Box component="span" sx={WELCOME_LINE}>
            {phone ? profile.firstName : `${profile.firstName} ${profile.lastName}`}
          </Box>
        </Typography>
      ) : (
        <Typography variant="body1" noWrap title={welcome} sx={{ mr: 1, minWidth: 0, flexShrink: 1 }}>
          {welcome}
        </Typography>
      )}
      <ConfirmDialog
        open={askingLogout}
        title={leave.title}
        content={leave.question}
        onClose={() => setAskingLogout(false)}
        onConfirm={() => {
          setAskingLogout(false);
          void logout(null, undefined, false);
        }}
      />
    </AppBar>
  );
}

/** The role's chip: one line where there is room (from a laptop's width), up to two short ones on a phone or a tablet. */
const ROLE_CHIP = {
  bgcolor: 'rgba(0,0,0,.25)',
  color: 'inherit',
  mr: { xs: 0.5, md: 2 },
  minWidth: 0,
  maxWidth: { xs: 96, md: 'none' },
  height: { xs: 'auto', md: 24 },
  minHeight: 24,
  '& .MuiChip-label': { whiteSpace: { xs: 'normal', md: 'nowrap' }, fontSize: { xs: '0.6875rem', md: undefined }, lineHeight: { xs: 1.2, md: undefined }, py: { xs: 0.25, md: 0 }, px: { xs: 0.5, md: 1 }, textAlign: 'center' },
} as const;

/** The chat button's height (56 px) and its margin (24 px), and some air: 96 px. */
const CHAT_CLEARANCE = 12;

function ChatButton() {
  const { chatSupportUrl } = useSettings();
  if (!chatSupportUrl) return null;
  return (
    <Tooltip title="Chat de soporte">
      <Fab
        color="primary"
        aria-label="Chat de soporte"
        href={chatSupportUrl}
        target="_blank"
        rel="noopener noreferrer"
        sx={{ position: 'fixed', right: 24, bottom: 24, zIndex: 1200 }}
      >
        <ChatIcon />
      </Fab>
    </Tooltip>
  );
}

/**
 * A new screen opens at its top: the window kept the scroll of the screen before (a list opened after
 * saving a long form showed its middle rows, not the first). Back and forward keep the browser's own.
 */
function ScrollToTopOnNewScreen() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
  return null;
}

/** Read once per page load (React may call a state's initializer twice). */
let scopeChange: ScopeChange | null | undefined;
const scopeChangeOnce = () => (scopeChange === undefined ? (scopeChange = takeScopeChange()) : scopeChange);

/**
 * After an administrator changed the user's role or client, the console started over from its home: it
 * says why, and, when a form's unsaved work was kept, offers the way back to that screen.
 */
function ScopeChangeNotice() {
  const [change, setChange] = useState(scopeChangeOnce);
  if (!change) return null;
  return (
    <Alert
      severity="info"
      role="alert"
      sx={{ mt: 2 }}
      onClose={() => setChange(null)}
      action={
        change.draftAt ? (
          <Button color="inherit" size="small" component={Link} to={change.draftAt} onClick={() => setChange(null)}>
            {AUTH_TEXT.backToScreen}
          </Button>
        ) : undefined
      }
    >
      {AUTH_TEXT.scopeChanged}
      {change.draftAt && ` ${AUTH_TEXT.scopeChangedDraft}`}
    </Alert>
  );
}

export function CampoLayout({ children }: LayoutProps) {
  return (
    // The top bar stays on screen (react-admin hides it while the page scrolls down): hidden, its buttons left
    // the Tab order, and a keyboard user on a long form could reach neither 'Actualizar' nor 'Desconectar'.
    <Layout appBar={CampoAppBar} appBarAlwaysOn menu={CampoMenu}>
      <ScopeChangeNotice />
      {/* Room below the page for the chat button: scrolled to the end, no save button or pager lies under it.
          `contain: inline-size`: react-admin's shell grows to its content (`min-width: fit-content`), so one
          wide table widened every page on a phone (the moves list to 1,050 px, its buttons off screen).
          Contained, a page takes the width the window leaves; wide tables scroll in their own frame. */}
      <Box sx={{ pb: CHAT_CLEARANCE, contain: 'inline-size' }}>{children}</Box>
      <ChatButton />
      <ScrollToTopOnNewScreen />
    </Layout>
  );
}
