import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

// The Lighthouse anchor (bench/lib/react-floor.ts): React and react-dom rendering one heading, the
// least any React screen costs.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(createElement('h1', null, 'Måleraflæsning'));
