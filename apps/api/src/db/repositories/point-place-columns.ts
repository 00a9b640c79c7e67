/**
 * Where a measurement point sits, for queries that join location `g`, meter `d` and point `i`: the
 * columns the tree, the route and the period's readings all carry.
 */
export const pointPlaceColumns = [
  'g.id as gatewayId',
  'g.name as gatewayName',
  'g.sequence as gatewaySequence',
  'd.id as deviceId',
  'd.name as deviceName',
  'd.sequence as deviceSequence',
  'd.serial_number as serial',
  'i.id as itemId',
  'i.name as itemName',
  'i.unit as unit',
] as const;
