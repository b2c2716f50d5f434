import '@matka/shared/ui/theme.css';
import { mountStandalone } from '@matka/shared/standalone';
import { routes } from './routes';
import { SCREENS } from './screens';

// The standalone page (QA's): '/' — or '/index.html' when served from /remotes/gali/index.html —
// lists the family's screens by name.
void mountStandalone({ title: 'Gali Disawar', routes, sections: SCREENS });
