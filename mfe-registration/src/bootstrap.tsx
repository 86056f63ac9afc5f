import { mountStandalone } from '@lms/shared';
import App from './exposed/App';

mountStandalone({ remote: 'registration', children: <App /> });
