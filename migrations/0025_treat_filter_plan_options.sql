-- Treats' subscription filters name the payments issue's plan options (app/payments/plans.ts) instead of
-- the placeholders used before payments existed (docs/decisions/0111).
UPDATE treat_options SET subscription_filter_value = 'monthly' WHERE subscription_filter = 'option' AND subscription_filter_value = 'premium-monthly';
UPDATE treat_options SET subscription_filter_value = 'annual' WHERE subscription_filter = 'option' AND subscription_filter_value = 'premium-annual';
-- No plan matches the member-business placeholder: such a filter falls back to the plan type.
UPDATE treat_options SET subscription_filter = 'type', subscription_filter_value = 'business' WHERE subscription_filter = 'option' AND subscription_filter_value = 'business-annual';
