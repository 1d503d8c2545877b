// The complaint-chatbot feature: its App (route table, messages, lazily loaded screens) with all of its CSS, as the
// federated build loads every CSS file of a remote with its App (a screen may rely on a rule another screen's
// file holds).
import.meta.glob('@monolith/complaint-chatbot/**/*.css', { eager: true });
export { default } from '@monolith/complaint-chatbot/App.tsx';
