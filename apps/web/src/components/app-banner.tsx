import { commonMessages } from '@/lib/messages';

/** The page's title and the app's name in a bar above it: the screens a visitor reaches signed out. */
export function AppBanner({ title }: { title: string }) {
  return (
    <>
      <title>{`${title} – ${commonMessages.appName}`}</title>
      <header className="bg-primary text-white py-3 mb-4">
        <div className="container">
          <p className="h5 mb-0">{commonMessages.appName}</p>
        </div>
      </header>
    </>
  );
}
