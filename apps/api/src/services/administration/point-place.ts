import type { StatusDevice, StatusGateway, StatusPoint } from '@maaler/contract';

/**
 * A point of the period's route named on the wire as the office's lists name it (the estimates'
 * proposals, the readings with a reason): its location, meter, serial number and name.
 */
export function placeOfPoint(gateway: StatusGateway, device: StatusDevice, point: StatusPoint) {
  return {
    GatewayName: gateway.Name,
    DeviceId: device.DeviceId,
    DeviceName: device.Name,
    Serial: device.Serial,
    DeviceItemId: point.DeviceItemId,
    Name: point.Name,
  };
}
