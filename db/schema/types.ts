import { customType } from "drizzle-orm/pg-core";

// drizzle's built-in geometry() ignores the SRID, so spatial columns are declared as custom types.
// Values cross the boundary as WKT/EWKB text; geo/ queries build and read them with PostGIS functions.
export const geographyPoint = customType<{ data: string; driverData: string }>({
  dataType: () => "geography(Point,4326)",
});
export const geometryPoint = customType<{ data: string; driverData: string }>({
  dataType: () => "geometry(Point,4326)",
});
export const geometryLine = customType<{ data: string; driverData: string }>({
  dataType: () => "geometry(LineString,4326)",
});
export const geometryMultiLine = customType<{ data: string; driverData: string }>({
  dataType: () => "geometry(MultiLineString,4326)",
});
export const geometryMultiPolygon = customType<{ data: string; driverData: string }>({
  dataType: () => "geometry(MultiPolygon,4326)",
});
export const geometryPolygon = customType<{ data: string; driverData: string }>({
  dataType: () => "geometry(Polygon,4326)",
});
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => "tsvector",
});
