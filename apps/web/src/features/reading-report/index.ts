// The feature's public entry for other features: the administration's meter list offers the same
// meter change as the reading form (ADR 019).
export { MeterChangeButton } from './components/meter-change-button';
