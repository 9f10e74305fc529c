import { wireFeatures } from '../src/features/wiring';

// Tests that call a service without building the app still need the feature wiring (platform/events.ts).
wireFeatures();
