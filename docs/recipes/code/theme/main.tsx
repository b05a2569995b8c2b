import '@backline/ui/styles.css';
import '@backline/auth/styles.css';
// After the packages' styles, so its tokens win.
import './brand.css';
import { mountBacklineApp } from '@backline/account/app';
import { Route } from 'react-router-dom';

// mountBacklineApp paints the active theme before the first render, so the page never flashes another colour.
mountBacklineApp(<Route path="/" element={<h1>Ocean Radio</h1>} />);
