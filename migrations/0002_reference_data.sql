-- Reference data the product needs whatever the data set: countries, listing types, walk types, facilities.
INSERT INTO countries (id, name, slug, iso2, selectable) VALUES
  (235, 'United Kingdom', 'united-kingdom', 'GB', true),
  (75, 'France', 'france', 'FR', true),
  (250, 'England', 'england', NULL, false),
  (251, 'Scotland', 'scotland', NULL, false),
  (252, 'Wales', 'wales', NULL, false),
  (253, 'Northern Ireland', 'northern-ireland', NULL, false)
ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
INSERT INTO listing_types (id, name, path) VALUES
  (1, 'Walk', 'dog-walk'),
  (2, 'Dog-friendly pub or cafe', 'dog-friendly-pub'),
  (3, 'Dog-friendly beach', 'dog-friendly-beach'),
  (4, 'Member business', 'member-business'),
  (5, 'Vet', 'vet')
ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
INSERT INTO walk_types (path, type_id, name) VALUES
  ('dog-walk', 1, 'Dog walk'),
  ('dog-friendly-pub', 2, 'Dog-friendly pub or cafe'),
  ('dog-friendly-beach', 3, 'Dog-friendly beach'),
  ('member-business', 4, 'Member business'),
  ('dog-friendly-accommodation', 4, 'Dog-friendly accommodation'),
  ('dog-services', 4, 'Dog services'),
  ('vet', 5, 'Vet')
ON CONFLICT (path) DO NOTHING;
--> statement-breakpoint
INSERT INTO facilities (id, name, slug, icon) VALUES
  (1, 'Parking', 'parking', 'parking'),
  (2, 'Off-lead area', 'off-lead', 'dog-park'),
  (3, 'Water bowls', 'water-bowls', 'drinking-water'),
  (4, 'Dog bins', 'dog-bins', 'waste-basket'),
  (5, 'Enclosed field', 'enclosed', 'fence'),
  (6, 'No stiles', 'no-stiles', 'gate'),
  (7, 'Swimming spot', 'swimming', 'swimming'),
  (8, 'Toilets', 'toilets', 'toilet'),
  (9, 'Food served', 'food', 'restaurant'),
  (10, 'Dogs allowed inside', 'dogs-inside', 'dog-park'),
  (11, 'Dog treats', 'treats', 'shop'),
  (12, 'Step-free access', 'step-free', 'wheelchair'),
  (13, 'Livestock possible', 'livestock', 'farm'),
  (14, 'Shade', 'shade', 'park')
ON CONFLICT (id) DO NOTHING;
