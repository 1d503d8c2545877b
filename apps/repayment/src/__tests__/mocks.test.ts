// The dev:mock handlers answer in the API's shapes (each answer parses with its endpoint's contract).
import { describeMockHandlers } from '@lendview/test-utils/mock-contract';
import { handlers } from '../mocks/handlers.ts';

describeMockHandlers(handlers);
