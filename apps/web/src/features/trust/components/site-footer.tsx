import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { useAuthStatus } from '@/lib/session/use-auth-status';
import { footerMessages as messages } from '../footer-messages';

/**
 * The footer of every page (ADR 038): in the flow after the page's main content, so it never covers
 * it, comes after it in the focus order, and scrolls below route mode's sticky `SEND`. `Mine data`
 * (ADR 040) is there for whoever is signed in, on every screen, without growing any screen's first load.
 */
export function SiteFooter() {
  const signedIn = useAuthStatus((status) => status.authenticated);
  return (
    <footer className="site-footer">
      <nav className="container" aria-label={messages.label}>
        <Link href={paths.accessibility} className="tap-link">
          {messages.accessibility}
        </Link>
        <Link href={paths.privacy} className="tap-link">
          {messages.privacy}
        </Link>
        {signedIn && (
          <Link href={paths.myData} className="tap-link">
            {messages.myData}
          </Link>
        )}
      </nav>
    </footer>
  );
}
