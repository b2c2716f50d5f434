import '@matka/shared/ui/theme.css';
import { mountStandalone, pathsOf } from '@matka/shared';
import { routes } from './routes';

void mountStandalone({ title: 'Starline', routes, links: pathsOf('starline') });
