import * as h3 from 'h3-js';
import ngeohash from 'ngeohash';
import type { Value } from '@sluice/pipeline-core';
import { mapRows, type Compiled } from '../expr/compiled.js';
import type { EvalContext } from '../expr/relation.js';
import { SqlExecutionError } from '../errors.js';
import { rustFloat } from '../expr/header-name.js';
import type { SqlType, SqlValue } from '../types/sql-value.js';
import { argError, builtValue, expectNumeric, type ScalarFunction } from './function.js';

/**
 * Geospatial functions as GreptimeDB has them: H3 cells (h3-js, the reference library's own port) and
 * geohash (ngeohash). A cell is a UInt64 (or its hex string); results that are lists are JSON arrays.
 * Functions that build lists charge their size to the query before building.
 */

const h3Error = (message: string) => new SqlExecutionError(`Execution error: H3 error: ${message}`);

/** A cell index from a UInt64 / Int64 / hex string value, as h3-js's hex form. */
function cellOf(v: SqlValue): string {
  let hex: string;
  if (typeof v === 'bigint') hex = BigInt.asUintN(64, v).toString(16);
  else if (typeof v === 'number' && Number.isInteger(v)) hex = BigInt.asUintN(64, BigInt(v)).toString(16);
  else if (typeof v === 'string') hex = v.trim().toLowerCase();
  else throw h3Error(`invalid cell index ${String(v)}`);
  if (!h3.isValidCell(hex)) throw h3Error(`invalid cell index ${typeof v === 'string' ? v : String(v)}`);
  return hex;
}

const cellNumber = (hex: string): bigint => BigInt(`0x${hex}`);

function resolutionOf(v: SqlValue): number {
  const r = Number(v);
  if (!Number.isInteger(r) || r < 0 || r > 255) throw new SqlExecutionError(`Cast error: Can't cast value ${String(v)} to type UInt8`);
  if (r > 15) throw h3Error(`invalid resolution (got Some(${r})): out of range`);
  return r;
}

function distanceOf(v: SqlValue): number {
  const k = Number(v);
  if (!Number.isInteger(k) || k < 0) throw new SqlExecutionError(`Execution error: distance must be a non-negative integer, got ${String(v)}`);
  return k;
}

function coordinates(fn: string, args: readonly Compiled[]): void {
  expectNumeric(fn, args[0]!.type, 'latitude');
  expectNumeric(fn, args[1]!.type, 'longitude');
}

type Impl = (ctx: EvalContext, ...v: SqlValue[]) => SqlValue;

function fn(name: string, signature: string, arity: number, type: SqlType, impl: Impl, check?: (args: readonly Compiled[]) => void): ScalarFunction {
  return {
    name, signature, minArgs: arity, maxArgs: arity,
    bind: (args, ctx) => {
      check?.(args);
      return mapRows(type, args, (...v) => impl(ctx, ...v));
    },
  };
}

/** A list of cells as UInt64 numbers, charged to the query before it is built. */
function cellList(ctx: EvalContext, name: string, size: number, build: () => string[]): Value {
  builtValue(ctx, name, size);
  return build().map(cellNumber);
}

const latLngToCell = (lat: SqlValue, lng: SqlValue, res: SqlValue): string => h3.latLngToCell(Number(lat), Number(lng), resolutionOf(res));

const GEOHASH_MAX = 12;
function geohashOf(lat: SqlValue, lng: SqlValue, res: SqlValue): string {
  const r = Number(res);
  if (!Number.isInteger(r) || r < 0) throw new SqlExecutionError(`Cast error: Can't cast value ${String(res)} to type UInt8`);
  if (r < 1 || r > GEOHASH_MAX) throw new SqlExecutionError(`Execution error: Invalid geohash resolution ${r}, valid value range: [1, ${GEOHASH_MAX}]`);
  return ngeohash.encode(Number(lat), Number(lng), r);
}

export const GEO_FUNCTIONS: readonly ScalarFunction[] = [
  fn('h3_latlng_to_cell', 'h3_latlng_to_cell(lat, lng, resolution)', 3, 'uint64', (_c, lat, lng, r) => cellNumber(latLngToCell(lat!, lng!, r!)), (a) => coordinates('h3_latlng_to_cell', a)),
  fn('h3_latlng_to_cell_string', 'h3_latlng_to_cell_string(lat, lng, resolution)', 3, 'string', (_c, lat, lng, r) => latLngToCell(lat!, lng!, r!), (a) => coordinates('h3_latlng_to_cell_string', a)),
  fn('h3_cell_to_string', 'h3_cell_to_string(cell)', 1, 'string', (_c, c) => cellOf(c!)),
  fn('h3_string_to_cell', 'h3_string_to_cell(text)', 1, 'uint64', (_c, c) => cellNumber(cellOf(c!))),
  fn('h3_cell_center_lat', 'h3_cell_center_lat(cell)', 1, 'float64', (_c, c) => h3.cellToLatLng(cellOf(c!))[0]),
  fn('h3_cell_center_lng', 'h3_cell_center_lng(cell)', 1, 'float64', (_c, c) => h3.cellToLatLng(cellOf(c!))[1]),
  fn('h3_cell_center_latlng', 'h3_cell_center_latlng(cell)', 1, 'json', (_c, c) => h3.cellToLatLng(cellOf(c!))),
  fn('h3_cell_resolution', 'h3_cell_resolution(cell)', 1, 'uint8', (_c, c) => h3.getResolution(cellOf(c!))),
  fn('h3_cell_base', 'h3_cell_base(cell)', 1, 'uint8', (_c, c) => h3.getBaseCellNumber(cellOf(c!))),
  fn('h3_cell_is_pentagon', 'h3_cell_is_pentagon(cell)', 1, 'boolean', (_c, c) => h3.isPentagon(cellOf(c!))),
  fn('h3_cell_parent', 'h3_cell_parent(cell, resolution)', 2, 'uint64', (_c, c, r) => {
    const parent = h3.cellToParent(cellOf(c!), resolutionOf(r!));
    return parent ? cellNumber(parent) : null;
  }),
  fn('h3_cell_to_children', 'h3_cell_to_children(cell, resolution)', 2, 'json', (ctx, c, r) => {
    const cell = cellOf(c!);
    const res = resolutionOf(r!);
    if (res < h3.getResolution(cell)) return [];
    return cellList(ctx, 'h3_cell_to_children', h3.cellToChildrenSize(cell, res), () => h3.cellToChildren(cell, res));
  }),
  fn('h3_cell_to_children_size', 'h3_cell_to_children_size(cell, resolution)', 2, 'uint64', (_c, c, r) => {
    const cell = cellOf(c!);
    const res = resolutionOf(r!);
    return res < h3.getResolution(cell) ? 0 : h3.cellToChildrenSize(cell, res);
  }),
  fn('h3_cell_to_child_pos', 'h3_cell_to_child_pos(cell, parent_resolution)', 2, 'uint64', (_c, c, r) => {
    const cell = cellOf(c!);
    const res = resolutionOf(r!);
    return res > h3.getResolution(cell) ? null : h3.cellToChildPos(cell, res);
  }),
  fn('h3_child_pos_to_cell', 'h3_child_pos_to_cell(position, cell, resolution)', 3, 'uint64', (_c, p, c, r) => {
    const pos = Number(p);
    if (!Number.isInteger(pos) || pos < 0) throw new SqlExecutionError(`Execution error: position must be a non-negative integer, got ${String(p)}`);
    try {
      return cellNumber(h3.childPosToCell(pos, cellOf(c!), resolutionOf(r!)));
    } catch (e) {
      if (e instanceof SqlExecutionError) throw e;
      return null;
    }
  }),
  fn('h3_grid_disk', 'h3_grid_disk(cell, k)', 2, 'json', (ctx, c, k) => {
    const d = distanceOf(k!);
    return cellList(ctx, 'h3_grid_disk', 3 * d * (d + 1) + 1, () => h3.gridDisk(cellOf(c!), d));
  }),
  fn('h3_grid_disk_distances', 'h3_grid_disk_distances(cell, k)', 2, 'json', (ctx, c, k) => {
    const d = distanceOf(k!);
    return cellList(ctx, 'h3_grid_disk_distances', 3 * d * (d + 1) + 1, () => h3.gridDiskDistances(cellOf(c!), d).flat());
  }),
  fn('h3_grid_distance', 'h3_grid_distance(cell1, cell2)', 2, 'int32', (_c, a, b) => {
    try {
      return h3.gridDistance(cellOf(a!), cellOf(b!));
    } catch (e) {
      if (e instanceof SqlExecutionError) throw e;
      return null;
    }
  }),
  fn('h3_grid_path_cells', 'h3_grid_path_cells(cell1, cell2)', 2, 'json', (ctx, a, b) => {
    const from = cellOf(a!);
    const to = cellOf(b!);
    let n: number;
    try {
      n = h3.gridDistance(from, to) + 1;
    } catch {
      return null;
    }
    return cellList(ctx, 'h3_grid_path_cells', n, () => h3.gridPathCells(from, to));
  }),
  fn('h3_distance_sphere_km', 'h3_distance_sphere_km(cell1, cell2)', 2, 'float64', (_c, a, b) =>
    h3.greatCircleDistance(h3.cellToLatLng(cellOf(a!)), h3.cellToLatLng(cellOf(b!)), h3.UNITS.km)),
  fn('h3_distance_degree', 'h3_distance_degree(cell1, cell2)', 2, 'float64', (_c, a, b) => {
    const [la1, ln1] = h3.cellToLatLng(cellOf(a!));
    const [la2, ln2] = h3.cellToLatLng(cellOf(b!));
    return Math.sqrt((la1! - la2!) ** 2 + (ln1! - ln2!) ** 2);
  }),
  {
    name: 'h3_cells_contains', signature: "h3_cells_contains(cells, cell)", minArgs: 2, maxArgs: 2,
    bind: (args) =>
      mapRows('boolean', args, (cells, c) => {
        const list = typeof cells === 'string' ? cells.split(',') : Array.isArray(cells) ? (cells as SqlValue[]) : null;
        if (list === null) throw argError('h3_cells_contains', 'cells must be a list or comma-separated text');
        const cell = cellOf(c!);
        return list.some((x) => {
          const that = cellOf(x);
          const res = h3.getResolution(that);
          return res <= h3.getResolution(cell) && h3.cellToParent(cell, res) === that;
        });
      }),
  },
  fn('geohash', 'geohash(lat, lng, resolution)', 3, 'string', (_c, lat, lng, r) => geohashOf(lat!, lng!, r!), (a) => coordinates('geohash', a)),
  fn('geohash_neighbours', 'geohash_neighbours(lat, lng, resolution)', 3, 'json', (_c, lat, lng, r) => {
    // Counter-clockwise from north, as GreptimeDB lists them: n, nw, w, sw, s, se, e, ne.
    const [n, ne, e, se, s, sw, w, nw] = ngeohash.neighbors(geohashOf(lat!, lng!, r!));
    return [n!, nw!, w!, sw!, s!, se!, e!, ne!];
  }, (a) => coordinates('geohash_neighbours', a)),
  fn('wkt_point_from_latlng', 'wkt_point_from_latlng(lat, lng)', 2, 'string', (_c, lat, lng) => `POINT(${rustFloat(Number(lng))} ${rustFloat(Number(lat))})`, (a) => coordinates('wkt_point_from_latlng', a)),
];
