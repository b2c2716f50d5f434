import '@matka/shared/ui/theme.css';
import { mountStandalone } from '@matka/shared/standalone';
import { routes } from './routes';
import { SCREENS } from './screens';

// The standalone page (QA's): '/' — or '/index.html' when served from /remotes/starline/index.html —
// lists the family's screens by name.
void mountStandalone({ title: 'Starline', routes, sections: SCREENS });
