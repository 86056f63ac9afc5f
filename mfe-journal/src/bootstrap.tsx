import { mountStandalone } from '@lms/shared';
import App from './exposed/App';

mountStandalone({ remote: 'journal', children: <App /> });
