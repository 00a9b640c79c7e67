import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { type AdministrationSection, administrationPaths } from '@/config/paths';
import { administrationMessages as messages } from '../messages';
import { administrationSections, sectionHeadings } from '../sections';

/**
 * The sections of Administration, always at hand: a sticky bar of tabs at the top that scrolls
 * sideways on a phone, a sticky list beside the section on a wide screen. `Til kontrol` says how
 * many readings await review once the list is known.
 */
export function AdministrationNav({
  current,
  reviewCount,
}: {
  current: AdministrationSection;
  reviewCount: number | undefined;
}) {
  const active = useRef<HTMLAnchorElement>(null);
  // On a phone the active tab may sit beyond the bar's right edge; it is brought into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the active tab changes
  useEffect(() => {
    active.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  return (
    <nav aria-label={messages.navigation} className="admin-nav bg-body">
      <ul className="nav nav-pills flex-nowrap overflow-x-auto p-1 gap-1">
        {administrationSections.map((section) => {
          const isCurrent = section === current;
          return (
            <li key={section}>
              <Link
                ref={isCurrent ? active : undefined}
                href={administrationPaths[section]}
                className={isCurrent ? 'nav-link text-nowrap active' : 'nav-link text-nowrap'}
                aria-current={isCurrent ? 'page' : undefined}
              >
                {section === 'review' && reviewCount !== undefined
                  ? messages.reviewNav(reviewCount)
                  : sectionHeadings[section]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
