import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no secure-context flag; the portal runs in one (https, or http on localhost).
Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });

afterEach(() => cleanup());

// jsdom lays nothing out: React Router's scroll restoration has nothing to scroll.
window.scrollTo = () => undefined;
