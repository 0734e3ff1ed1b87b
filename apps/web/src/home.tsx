import './styles.css';

import { HomeApp } from './app/home-app';
import { mount } from './app/mount';
import { registerOfflineWorker } from './lib/offline-worker';

mount(<HomeApp />);
registerOfflineWorker();
