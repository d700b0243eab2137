export { ChatBox } from './components/ChatBox';
export { useStartReskinChat } from './api/startChat';
