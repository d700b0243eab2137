export { HireDeveloperForm } from './components/HireDeveloperForm';
export { HireRequests } from './components/HireRequests';
