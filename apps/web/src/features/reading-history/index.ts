// The feature's public entry: the home screen shows this button; the rest loads when it is pressed.
export { HistoryButton } from './components/history-button';
