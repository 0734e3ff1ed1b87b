import './styles.css';

import { HomeApp } from './app/home-app';
import { mount } from './app/mount';

mount(<HomeApp />);
