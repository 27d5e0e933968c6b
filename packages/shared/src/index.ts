export * from './business.ts';
export * from './models.ts';
export * from './pricing.ts';
export * from './slots.ts';
export * from './messages.ts';
export * from './schemas/service.ts';
export * from './schemas/account.ts';
export * from './schemas/booking.ts';
