import { mountStandalone } from '@lms/shared';
import App from './App';

mountStandalone({ remote: 'registration', children: <App /> });
