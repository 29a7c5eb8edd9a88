-- Carousel slides belong to a level of the organisation tree. NULL: the city's slides, shown to every
-- visitor and managed by the city bureau; an organisation id: a district's or a school's own slides,
-- managed by its administrators and shown on the home page to the signed-in users of that organisation
-- and everything under it.
ALTER TABLE carousel_images ADD COLUMN org_id text REFERENCES organisations(id);
CREATE INDEX carousel_images_org_idx ON carousel_images(org_id);
