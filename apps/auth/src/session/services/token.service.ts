import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { UserEntity } from '../../users/entities/user.entity';

export interface TokenClaims {
  sub: string;
  username: string;
}

/** Signs session tokens. The gateway verifies them with the same secret. */
@Injectable()
export class TokenService {
  constructor(private readonly jwt: JwtService) {}

  issue(user: UserEntity): Promise<string> {
    const claims: TokenClaims = { sub: user.id, username: user.username };
    return this.jwt.signAsync(claims);
  }
}
