import '@backline/ui/styles.css';
import '@backline/auth/styles.css';
import { mountBacklineApp } from '@backline/account/app';
import { Route } from 'react-router-dom';
import { Home } from './home';

mountBacklineApp(<Route path="/" element={<Home />} />);
