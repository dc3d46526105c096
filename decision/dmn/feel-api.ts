export * from '../feel';
